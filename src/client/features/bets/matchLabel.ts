import { useTranslation } from 'react-i18next';
import type { Match } from '../../../shared/api/entities';
import { selectTeamById } from '../../api/entities/teamsSlice';
import { useAppSelector } from '../../api/store/hooks';
import { useLocalNames } from '../../lib/i18n/localNames';

/**
 * A match as people name it, for accessible names and tooltips: "Spain v Germany" ("España contra Alemania"); a
 * team not known yet by its placeholder in words ("Winner of match 49"), never by an id or a code.
 */
export function useMatchLabel(match: Pick<Match, 'local_team_id' | 'visiting_team_id' | 'local_placeholder' | 'visiting_placeholder'>): string {
  const { t } = useTranslation();
  const local = useAppSelector((state) => (match.local_team_id ? selectTeamById(state, match.local_team_id) : undefined));
  const visiting = useAppSelector((state) => (match.visiting_team_id ? selectTeamById(state, match.visiting_team_id) : undefined));
  const names = useLocalNames();
  const name = (team: typeof local, placeholder: string | null) => team?.team_name ?? names.placeholder(placeholder);
  return t('bets.match_label', { local: name(local, match.local_placeholder), visiting: name(visiting, match.visiting_placeholder) });
}
