import AccessTimeIcon from '@mui/icons-material/AccessTime';
import EditNoteIcon from '@mui/icons-material/EditNote';
import Box from '@mui/material/Box';
import NativeSelect from '@mui/material/NativeSelect';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../api/store/hooks';
import { showToast } from '../../lib/notifications/notify';
import { betEdited } from '../../api/bets/betEditsSlice';
import type { ResultBetRow } from '../../api/entities/betsSlice';
import { betText, GOAL_OPTIONS, isFilled, SIGN_GOALS, signOf, withGoal, type BetGoals, type BetsSystem, type Sign } from '../../lib/bets/betValues';

const selectSx = { minWidth: 44, '& select': { textAlign: 'center', py: 0.5 } } as const;

/**
 * The bet cell: selects while allow_edit_bets, else the values (filled or pending), the modified mark,
 * and a clock while the bet is hidden from others (green once the result is established, red before; the page's
 * legend says so in words). Another member's bet before its deadline reads "hidden", never a lone "-". It shows the
 * bet's entity, the one value of the bet (a save sets it at once, a refused save sets it back); an edit goes to the
 * history only for undo and redo.
 */
export function ResultBetCell({ bet, system, mode, matchLabel, own }: { bet: ResultBetRow; system: BetsSystem; mode: number; matchLabel: string; own: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const goals: BetGoals = { local_goals: bet.local_goals, visiting_goals: bet.visiting_goals };
  // A real bet's joker goes with its edits: clearing the bet releases the joker (and says so), undo brings it back.
  const joker = mode === 0 ? bet.joker : undefined;
  const save = (next: BetGoals) => {
    const released = joker === true && !isFilled(next);
    dispatch(betEdited({ betId: bet.id, mode, ...next, joker: released ? false : joker, previous: { ...goals, joker } }));
    if (released) showToast(dispatch, 'success', t('jokers.released', { match: matchLabel }));
  };
  const filled = isFilled(goals);
  const hiddenFromViewer = !own && !bet.allow_show_bets;

  const marks = (
    <>
      {bet.modified_after_start && (
        <Tooltip title={t('bets.modified')}><EditNoteIcon fontSize="small" color="warning" aria-label={t('bets.modified')} /></Tooltip>
      )}
      {!bet.allow_show_bets && (
        <Tooltip title={t('bets.hidden_from_others')}>
          <AccessTimeIcon fontSize="small" color={bet.result_established ? 'success' : 'error'} aria-label={t('bets.hidden_from_others')} data-testid="bet-clock" />
        </Tooltip>
      )}
    </>
  );

  if (!bet.allow_edit_bets) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, justifyContent: 'center' }} data-bet-state={filled ? 'filled' : 'pending'}>
        <Typography component="span" aria-label={t('bets.bet_of', { match: matchLabel })}
          sx={{ fontWeight: 600, px: 1, borderRadius: 1, bgcolor: filled ? 'action.selected' : 'transparent', color: filled ? 'text.primary' : 'text.secondary' }}>
          {filled ? betText(goals, system) : hiddenFromViewer ? t('bets.hidden') : t('bets.no_bet')}
        </Typography>
        {marks}
      </Box>
    );
  }

  if (system === 'sign') {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, justifyContent: 'center' }} data-bet-state={filled ? 'filled' : 'pending'}>
        <NativeSelect value={signOf(goals)} sx={selectSx} inputProps={{ 'aria-label': t('bets.sign_of', { match: matchLabel }) }}
          onChange={(event) => save(event.target.value ? SIGN_GOALS[event.target.value as Sign] : { local_goals: null, visiting_goals: null })}>
          <option value="" />
          {(['1', 'X', '2'] as const).map((sign) => <option key={sign} value={sign}>{sign}</option>)}
        </NativeSelect>
        {marks}
      </Box>
    );
  }

  const goalSelect = (side: 'local_goals' | 'visiting_goals', label: string) => (
    <NativeSelect value={goals[side] ?? ''} sx={selectSx} inputProps={{ 'aria-label': label }}
      onChange={(event) => save(withGoal(goals, side, event.target.value))}>
      <option value="" />
      {GOAL_OPTIONS.map((value) => <option key={value} value={value}>{value}</option>)}
    </NativeSelect>
  );
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, justifyContent: 'center' }} data-bet-state={filled ? 'filled' : 'pending'}>
      {goalSelect('local_goals', t('bets.local_goals_of', { match: matchLabel }))}
      <span>-</span>
      {goalSelect('visiting_goals', t('bets.visiting_goals_of', { match: matchLabel }))}
      {marks}
    </Box>
  );
}
