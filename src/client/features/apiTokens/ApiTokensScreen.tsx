import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api';
import { formatDate } from '../../lib/i18n/dates';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { NewApiTokenForm } from './NewApiTokenForm';

const indexEndpoint = api.endpoints.apiTokensIndex;
const revokeEndpoint = api.endpoints.apiTokenRevoke;

/** The player's personal API tokens: create one (its value shown once), see when each was last used, revoke. */
export default function ApiTokensScreen() {
  const { t } = useTranslation();
  const { data: tokens = [] } = indexEndpoint.useQuery();
  const [revoke] = revokeEndpoint.useMutation();
  const [revoking, setRevoking] = useState<{ id: number; name: string } | null>(null);

  const confirmRevoke = async () => {
    if (!revoking) return;
    await revoke({ params: { id: revoking.id } });
    setRevoking(null);
  };

  return (
    <Card component="section" aria-labelledby="api-tokens-title" sx={{ maxWidth: 560, mx: 'auto' }}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography id="api-tokens-title" variant="h1" component="h1">{t('api_tokens.title')}</Typography>
        <Typography variant="body2">{t('api_tokens.intro')}</Typography>
        <NewApiTokenForm />
        <Typography variant="h2" component="h2">{t('api_tokens.yours')}</Typography>
        {tokens.length === 0 && <Typography variant="body2">{t('api_tokens.none')}</Typography>}
        <List aria-label={t('api_tokens.yours')} disablePadding>
          {tokens.map((token) => (
            <ListItem key={token.id} divider disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
              <ListItemText sx={{ minWidth: 0, flex: '1 1 14rem' }}
                primary={<Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Box component="span" sx={{ overflowWrap: 'anywhere' }}>{token.name}</Box>
                  <Chip size="small" label={t(`api_tokens.scope_${token.scope}`)} />
                  {token.expired && <Chip size="small" color="warning" label={t('api_tokens.expired')} />}
                </Box>}
                secondary={[
                  t('api_tokens.created_on', { date: formatDate(token.created_at) }),
                  t('api_tokens.expires_on', { date: formatDate(token.expires_at) }),
                  token.last_used_at ? t('api_tokens.last_used_on', { date: formatDate(token.last_used_at) }) : t('api_tokens.never_used'),
                ].join(' · ')} />
              <Button color="error" onClick={() => setRevoking({ id: token.id, name: token.name })}
                aria-label={t('api_tokens.revoke_named', { name: token.name })}>{t('api_tokens.revoke')}</Button>
            </ListItem>
          ))}
        </List>
        <ConfirmDialog open={revoking !== null} title={t('api_tokens.revoke')} text={t('api_tokens.revoke_confirm', { name: revoking?.name ?? '' })}
          confirmLabel={t('api_tokens.revoke')} onConfirm={() => void confirmRevoke()} onClose={() => setRevoking(null)} />
      </CardContent>
    </Card>
  );
}
