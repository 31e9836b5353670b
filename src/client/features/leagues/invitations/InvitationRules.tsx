import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { Static } from 'typebox';
import { useTranslation } from 'react-i18next';
import type { InvitationPreview } from '../../../../shared/api/routes/invitationPreview';

type Rules = Static<typeof InvitationPreview>['rules'];

/** A league's rules in a few lines: what one bets, what it scores, when bets close, jokers. */
export function InvitationRules({ rules }: { rules: Rules }) {
  const { t } = useTranslation();
  const lines = [
    t(`invitation.rule_${rules.bets_system}`),
    rules.bets_system !== 'disabled' && t('invitation.rule_points', { best: rules.best_bet_points, winner: rules.winner_points }),
    rules.bets_system !== 'disabled' && (rules.bet_deadline_minutes > 0
      ? t('invitation.rule_deadline', { minutes: rules.bet_deadline_minutes })
      : t('invitation.rule_deadline_kickoff')),
    rules.joker_count > 0 && t('invitation.rule_jokers', { count: rules.joker_count }),
  ].filter((line): line is string => Boolean(line));
  return (
    <>
      <Typography variant="h2" component="h2" sx={{ mt: 2 }}>{t('invitation.rules_title')}</Typography>
      <List dense sx={{ listStyle: 'disc', pl: 3 }}>
        {lines.map((line) => <ListItem key={line} sx={{ display: 'list-item', px: 0 }}>{line}</ListItem>)}
      </List>
    </>
  );
}
