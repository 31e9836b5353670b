import MailIcon from '@mui/icons-material/Mail';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { api } from '../../api/api';
import { formatDateTime } from '../../lib/i18n/dates';

const messagesIndex = api.endpoints.messagesIndex;

interface Payload { league_name?: unknown; inviter_name?: unknown; token?: unknown; text?: unknown; webhooks?: unknown }

/** Where a message leads, if anywhere: an invitation to its join page, switched-off webhooks to the league's webhooks. */
function linkOf(message: { kind: string; league_id: number | null }, payload: Payload): string | null {
  if (!message.league_id) return null;
  if (message.kind === 'invitation') return typeof payload.token === 'string' ? `/leagues/join/${message.league_id}/${payload.token}` : null;
  return message.kind === 'webhooks_switched_off' ? `/leagues/${message.league_id}/webhooks` : null;
}

/** The user's messages, newest first; invitations open the join page, a league handed over with webhooks its webhooks. */
export default function MessagesScreen() {
  const { t } = useTranslation();
  const { data, isLoading, isError } = messagesIndex.useQuery();
  const messages = isError ? [] : data ?? [];
  return (
    <Card sx={{ maxWidth: 760, mx: 'auto' }}>
      <CardContent>
        <Typography variant="h1" component="h1" gutterBottom>{t('titles.messages')}</Typography>
        {isLoading && <Skeleton height={120} />}
        {!isLoading && !messages.length && <Typography color="text.secondary">{t('messages_page.none')}</Typography>}
        <List>
          {messages.map((message) => {
            const payload = message.payload as Payload;
            const link = linkOf(message, payload);
            const league = String(payload.league_name ?? '');
            const text = message.kind === 'invitation'
              ? t('messages_page.invitation', { league, inviter: String(payload.inviter_name ?? '') })
              : message.kind === 'webhooks_switched_off'
                ? t('messages_page.webhooks_switched_off', { league, count: Number(payload.webhooks ?? 0) })
                : String(payload.text ?? message.kind);
            const body = <>
              <ListItemIcon><MailIcon color={message.read_at ? 'disabled' : 'primary'} /></ListItemIcon>
              <ListItemText primary={text} secondary={formatDateTime(message.created_at)} />
            </>;
            return link
              ? <ListItem key={message.id} disablePadding><ListItemButton component={RouterLink} to={link}>{body}</ListItemButton></ListItem>
              : <ListItem key={message.id}>{body}</ListItem>;
          })}
        </List>
      </CardContent>
    </Card>
  );
}
