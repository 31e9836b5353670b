import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../api/store/hooks';
import { betEdited } from '../../api/bets/betEditsSlice';
import type { ResultBetRow } from '../../api/entities/betsSlice';
import { isFilled } from '../../lib/bets/betValues';

/**
 * The joker of one of the caller's bets: pressed while the bet carries it. It is played only on a bet with goals,
 * before the bet's deadline and while jokers are left (the server checks all three). Playing and taking it off are
 * bet edits, so undo and redo (buttons, Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y) cover them. It shows the bet's entity, the
 * one value every screen shows (a save sets it at once; a refused one sets it back).
 */
export function JokerToggle({ bet, jokersLeft, multiplier, matchLabel }: {
  bet: ResultBetRow; jokersLeft: number; multiplier: number; matchLabel: string;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const goals = { local_goals: bet.local_goals, visiting_goals: bet.visiting_goals };
  const { joker } = bet;
  const hasBet = isFilled(goals);
  const label = t(joker ? 'jokers.remove' : 'jokers.play', { match: matchLabel, multiplier });
  const why = !hasBet ? t('jokers.needs_bet') : jokersLeft <= 0 ? t('jokers.none_left') : null;
  const usable = bet.allow_edit_bets && (joker || why === null);
  const toggle = () => dispatch(betEdited({ betId: bet.id, mode: 0, ...goals, joker: !joker, previous: { ...goals, joker } }));
  if (!bet.allow_edit_bets && !joker) return null;
  return (
    <Tooltip title={bet.allow_edit_bets && !usable && why ? why : label}>
      <span>
        <IconButton size="small" aria-pressed={joker} aria-label={label}
          data-testid={`joker-${bet.match_id}`} disabled={!usable} onClick={toggle} color={joker ? 'warning' : 'default'}>
          {joker ? <StarIcon fontSize="small" /> : <StarBorderIcon fontSize="small" />}
        </IconButton>
      </span>
    </Tooltip>
  );
}
