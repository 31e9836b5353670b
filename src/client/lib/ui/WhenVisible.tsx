import Box from '@mui/material/Box';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` once its place comes near the viewport (charts loaded on demand, so a phone's
 * first screen does not download recharts for the charts far below it). Until then a box of `minHeight` keeps
 * the layout. Without IntersectionObserver (old browsers, jsdom) the children render at once.
 */
export function WhenVisible({ children, minHeight, margin = '200px' }: { children: ReactNode; minHeight: number; margin?: string }) {
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (visible || !ref.current) return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
    }, { rootMargin: margin });
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [visible, margin]);
  return visible ? <>{children}</> : <Box ref={ref} sx={{ minHeight }} />;
}
