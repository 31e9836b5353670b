import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { TABLE_PAGE_ROWS } from '../../../shared/api/routes/tables';
import { currentLocale } from '../i18n/i18n';
import type { LeagueTableData } from './tableSort';

/** A big league's table comes a page at a time: which rows these are, and the pages before and after. */
export function TablePager({ table, onPage }: { table: LeagueTableData; onPage: (offset: number) => void }) {
  const { t } = useTranslation();
  const count = new Intl.NumberFormat(currentLocale());
  const last = table.offset + table.users.length;
  return (
    <Box component="nav" aria-label={t('table.pager')} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
      <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 10rem' }}>
        {t('table.page_rows', { from: count.format(Math.min(table.offset + 1, last)), to: count.format(last), total: count.format(table.total_users) })}
      </Typography>
      <Button size="small" startIcon={<NavigateBeforeIcon />} disabled={table.offset === 0}
        onClick={() => onPage(Math.max(0, table.offset - TABLE_PAGE_ROWS))}>
        {t('table.previous_page')}
      </Button>
      <Button size="small" endIcon={<NavigateNextIcon />} disabled={last >= table.total_users} onClick={() => onPage(last)}>
        {t('table.next_page')}
      </Button>
    </Box>
  );
}
