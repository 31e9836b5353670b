import MuiPagination from '@mui/material/Pagination';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';

/** Pages shown around the current one by screen width (2 pages are always shown at each end). */
export function siblingsForWidth(width: number): number {
  if (width > 768) return 3;
  if (width > 480) return 1;
  return 0;
}

/** The page clamped between the first and last page; no page (0) when either end is 0. */
export function clampPage(page: number, minPage: number, maxPage: number): number {
  if (!minPage || !maxPage) return 0;
  return Math.min(Math.max(page, minPage), maxPage);
}

interface Props { page: number; count: number; onChange: (page: number) => void; label?: string }

/** Page links with the window; renders nothing for a single page. */
export function Pagination({ page, count, onChange, label }: Props) {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 769px)');
  const medium = useMediaQuery('(min-width: 481px)');
  if (count <= 1) return null;
  // The media queries mirror siblingsForWidth's breakpoints.
  const siblingCount = wide ? 3 : medium ? 1 : 0;
  return (
    <MuiPagination aria-label={label ?? t('components.pagination')} page={clampPage(page, 1, count)} count={count}
      boundaryCount={2} siblingCount={siblingCount} size="small" onChange={(_event, next) => onChange(clampPage(next, 1, count))}
      sx={{ display: 'flex', justifyContent: 'center', py: 1 }} />
  );
}
