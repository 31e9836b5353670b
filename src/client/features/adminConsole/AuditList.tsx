import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api';
import { Pagination } from '../../lib/ui/Pagination';
import { dateOrDash, pageCount } from './consoleFormat';

const auditEndpoint = api.endpoints.adminAudit;
type Entry = NonNullable<ReturnType<typeof auditEndpoint.useQuery>['data']>['entries'][number];

function AuditEntry({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  const target = entry.target_name ?? (entry.entity_id === null ? '' : `#${entry.entity_id}`);
  return (
    <ListItem disableGutters data-testid={`audit-${entry.id}`}>
      <ListItemText
        primary={t(`admin_console.audit.actions.${entry.action}`, { defaultValue: `${entry.action} ${target}`.trim(), target })}
        secondary={t('admin_console.audit.by', { name: entry.actor?.name ?? t('admin_console.processes.scheduler'), time: dateOrDash(entry.created_at) })} />
    </ListItem>
  );
}
const AUDIT_PER_PAGE = 10;

/**
 * Admin actions on accounts, competitions and matches, newest first, naming who did them and what to (the target's name;
 * its number once it is deleted). Every action is recorded.
 */
export function AuditList() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data } = auditEndpoint.useQuery({ query: { page, per_page: AUDIT_PER_PAGE } });
  return (
    <Card>
      <CardContent>
        <Typography variant="h2" component="h2">{t('admin_console.audit.title')}</Typography>
        {data && data.entries.length === 0 && <Typography sx={{ mt: 1 }}>{t('admin_console.audit.none')}</Typography>}
        <List dense>
          {data?.entries.map((entry) => <AuditEntry key={entry.id} entry={entry} />)}
        </List>
        {data && <Pagination page={page} count={pageCount(data)} onChange={setPage} label={t('admin_console.audit.pages')} />}
      </CardContent>
    </Card>
  );
}
