import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api';
import { useAppDispatch, useAppSelector } from '../../api/store/hooks';
import { showToast } from '../../lib/notifications/notify';
import { selectEditedGoals } from '../../api/bets/betEditsSlice';
import type { ResultBetRow } from '../../api/entities/betsSlice';

const updateResultBet = api.endpoints.updateResultBet;

/**
 * The joker of one of the caller's bets: pressed while the bet carries it. It changes only before the
 * bet's deadline and while jokers are left; the server checks both (a 409 past the count is shown as a toast).
 */
export function JokerToggle({ bet, jokersLeft, multiplier, matchLabel, onSaved }: {
  bet: ResultBetRow; jokersLeft: number; multiplier: number; matchLabel: string; onSaved: () => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const edited = useAppSelector((state) => selectEditedGoals(state, bet.id));
  const [save, saving] = updateResultBet.useMutation();
  const goals = edited ?? { local_goals: bet.local_goals, visiting_goals: bet.visiting_goals };
  const canFlag = bet.joker || jokersLeft > 0;
  const label = t(bet.joker ? 'jokers.remove' : 'jokers.play', { match: matchLabel, multiplier });
  const toggle = async () => {
    const result = await save({ body: { result_bet_id: bet.id, ...goals, joker: !bet.joker } });
    if ('error' in result && result.error) {
      const message = (result.error as { data?: { error?: string } }).data?.error;
      showToast(dispatch, 'error', message ?? t('errors.generic'));
      return;
    }
    onSaved();
  };
  if (!bet.allow_edit_bets && !bet.joker) return null;
  return (
    <Tooltip title={bet.allow_edit_bets && !canFlag ? t('jokers.none_left') : label}>
      <span>
        <IconButton size="small" aria-pressed={bet.joker} aria-label={label} data-testid={`joker-${bet.match_id}`}
          disabled={!bet.allow_edit_bets || !canFlag || saving.isLoading} onClick={() => void toggle()}
          color={bet.joker ? 'warning' : 'default'}>
          {bet.joker ? <StarIcon fontSize="small" /> : <StarBorderIcon fontSize="small" />}
        </IconButton>
      </span>
    </Tooltip>
  );
}
