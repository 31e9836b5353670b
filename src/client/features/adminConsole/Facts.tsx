import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Label / value pairs as a description list: two columns where there is room, stacked pairs on a phone. */
export function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'max-content minmax(0, 1fr)' }, columnGap: 2, rowGap: { xs: 0, sm: 0.5 }, my: 1, typography: 'body2' }}>
      {items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>{label}</Box>
          <Box component="dd" sx={{ m: 0, mb: { xs: 0.75, sm: 0 }, overflowWrap: 'anywhere' }}>{value}</Box>
        </Box>
      ))}
    </Box>
  );
}
