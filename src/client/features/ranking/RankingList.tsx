import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OVERALL_PAGE_ROWS, OVERALL_SEARCH_MIN } from '../../../shared/api/routes/overallRanking';
import { api } from '../../api/api';
import { currentLocale } from '../../lib/i18n/i18n';
import { formatCount } from '../../lib/i18n/numbers';
import { useDebouncedValue } from '../../lib/ui/useDebouncedValue';
import { RankingRows, RankingTable } from './RankingTable';

const rankingPage = api.endpoints.competitionRanking;
/** The server's bound on a searched name. */
const SEARCH_MAX = 50;

const pageArgs = (competitionId: number, after: number | undefined) =>
  ({ params: { id: competitionId }, query: after === undefined ? {} : { after } });

/** One page of the ranking, from the player after `after` (the first page without it): a body of the table. */
function RankingPage({ competitionId, after, ownId }: { competitionId: number; after: number | undefined; ownId: number | null }) {
  const { data } = rankingPage.useQuery(pageArgs(competitionId, after));
  return data ? <RankingRows rows={data.rows} ownId={ownId} /> : null;
}

/** Every page asked for so far, one under the other, and "show more" while the last one says there is a next. */
function Pages({ competitionId, ownId, label }: { competitionId: number; ownId: number | null; label: string }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  // The players the pages after the first start after (each page's next_after, in order).
  const [afters, setAfters] = useState<number[]>([]);
  const cursors = [undefined, ...afters];
  const last = rankingPage.useQuery(pageArgs(competitionId, afters.at(-1)));
  const first = rankingPage.useQuery(pageArgs(competitionId, undefined));
  if (!first.data) {
    return first.isError ? <Typography color="text.secondary">{t('errors.generic')}</Typography> : <Skeleton variant="rounded" height={240} />;
  }
  if (first.data.total_players === 0) return <Typography color="text.secondary">{t('ranking.empty')}</Typography>;
  const shown = afters.length * OVERALL_PAGE_ROWS + (last.data?.rows.length ?? 0);
  const next = last.data?.next_after ?? null;
  return (
    <>
      <Box sx={{ overflowX: 'auto' }}>
        <RankingTable label={label}>
          {cursors.map((after) => <RankingPage key={after ?? 'first'} competitionId={competitionId} after={after} ownId={ownId} />)}
        </RankingTable>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 12rem' }} role="status">
          {t('ranking.shown', { shown: formatCount(shown, locale), total: formatCount(last.data?.total_players ?? first.data.total_players, locale) })}
        </Typography>
        {next !== null && (
          <Button variant="outlined" disabled={last.isFetching} onClick={() => setAfters((was) => [...was, next])}>{t('ranking.show_more')}</Button>
        )}
      </Box>
    </>
  );
}

/** The players whose name starts with the searched text, at their positions. */
function SearchResults({ competitionId, q, ownId, label }: { competitionId: number; q: string; ownId: number | null; label: string }) {
  const { t } = useTranslation();
  const { data, isError, isFetching } = rankingPage.useQuery({ params: { id: competitionId }, query: { q } });
  if (!data) return isError ? <Typography color="text.secondary">{t('errors.generic')}</Typography> : <Skeleton variant="rounded" height={120} />;
  return (
    <Box sx={{ opacity: isFetching ? 0.6 : 1 }}>
      <Typography variant="body2" color="text.secondary" role="status">
        {data.rows.length ? t('ranking.found', { count: data.rows.length }) : t('ranking.no_players', { q })}
      </Typography>
      {data.rows.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <RankingTable label={label}><RankingRows rows={data.rows} ownId={ownId} /></RankingTable>
        </Box>
      )}
    </Box>
  );
}

/** The whole ranking a page at a time, or a search by name (from two letters, once typing pauses). */
export function RankingList({ competitionId, competitionName, ownId }: { competitionId: number; competitionName: string; ownId: number | null }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim());
  const searching = q.length >= OVERALL_SEARCH_MIN;
  const label = t('ranking.table_label', { competition: competitionName });
  return (
    <Card component="section" aria-labelledby="overall-ranking-title">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id="overall-ranking-title" variant="h2" component="h2">{t('ranking.title')}</Typography>
        <TextField type="search" size="small" label={t('ranking.search')} value={text} onChange={(event) => setText(event.target.value)}
          helperText={text.trim().length > 0 && text.trim().length < OVERALL_SEARCH_MIN ? t('ranking.search_hint', { count: OVERALL_SEARCH_MIN }) : ' '}
          slotProps={{
            htmlInput: { maxLength: SEARCH_MAX },
            input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> },
          }}
          sx={{ maxWidth: { sm: 360 } }} />
        {searching
          ? <SearchResults competitionId={competitionId} q={q} ownId={ownId} label={label} />
          : <Pages competitionId={competitionId} ownId={ownId} label={label} />}
      </CardContent>
    </Card>
  );
}
