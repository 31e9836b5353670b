import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import type { Team } from '../../../shared/api/entities';

/** Flags 30 px small / 100 px large; crests 35x30 small / 120 large. */
const LOGO_SIZES = {
  flag: { small: { width: 30, height: 22.5 }, large: { width: 100, height: 75 } },
  crest: { small: { width: 35, height: 30 }, large: { width: 120, height: 103 } },
} as const;

type LogoSize = 'small' | 'large';
type LogoTeam = Pick<Team, 'team_name' | 'flag' | 'is_flag' | 'colors_array'>;
/** The states a logo goes through. */
type LogoState = 'pending' | 'loading' | 'loaded' | 'failed';

/** The URL of a flag-icons SVG; the flags are one lazily loaded chunk of URLs (the images load on demand). */
const flagUrl = (code: string): Promise<string> =>
  import(/* webpackChunkName: "flags", webpackMode: "lazy-once" */ `flag-icons/flags/4x3/${code}.svg`)
    .then((module: { default: string } | string) => (typeof module === 'string' ? module : module.default));

/** A pie of the team's colours: what a club (no image) or a failed flag shows. */
function ColourPie({ colours, size, label }: { colours: readonly string[]; size: number; label: string }) {
  const slice = (index: number) => {
    const start = (index / colours.length) * 2 * Math.PI;
    const end = ((index + 1) / colours.length) * 2 * Math.PI;
    const point = (angle: number) => `${50 + 50 * Math.sin(angle)} ${50 - 50 * Math.cos(angle)}`;
    return `M50 50 L${point(start)} A50 50 0 ${end - start > Math.PI ? 1 : 0} 1 ${point(end)} Z`;
  };
  return (
    <Box component="svg" viewBox="0 0 100 100" role="img" aria-label={label} sx={{ width: size, height: size, flexShrink: 0 }}>
      {colours.length === 1
        ? <circle cx="50" cy="50" r="50" fill={colours[0]} />
        : colours.map((colour, index) => <path key={index} d={slice(index)} fill={colour} />)}
    </Box>
  );
}

/** A team's flag (national teams) or colours; on failure the colour pie, or the "[X]" alt of a failed image. */
export function TeamLogo({ team, size = 'small' }: { team: LogoTeam | undefined; size?: LogoSize }) {
  const code = team?.is_flag && team.flag ? team.flag.toLowerCase() : null;
  const [state, setState] = useState<LogoState>(code ? 'pending' : 'failed');
  const [src, setSrc] = useState<string | null>(null);

  useEffect(() => {
    if (!code) { setState('failed'); return undefined; }
    let alive = true;
    setState('loading');
    flagUrl(code).then((url) => { if (alive) setSrc(url); }, () => { if (alive) setState('failed'); });
    return () => { alive = false; };
  }, [code]);

  const dims = code ? LOGO_SIZES.flag[size] : LOGO_SIZES.crest[size];
  if (!team) return <Box component="span" sx={{ display: 'inline-block', width: dims.width, height: dims.height }} />;
  if (state === 'failed') {
    if (team.colors_array.length) return <ColourPie colours={team.colors_array} size={dims.height} label={code ? '[X]' : team.team_name} />;
    return <Box component="span" role="img" aria-label="[X]" sx={{ display: 'inline-block', width: dims.width, height: dims.height, typography: 'caption', textAlign: 'center' }}>[X]</Box>;
  }
  return (
    <Box component="img" src={src ?? undefined} alt={team.team_name} data-state={state}
      onLoad={() => setState('loaded')} onError={() => setState('failed')}
      sx={{ width: dims.width, height: dims.height, objectFit: 'cover', borderRadius: 0.5, flexShrink: 0, visibility: src ? 'visible' : 'hidden' }} />
  );
}
