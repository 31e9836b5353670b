import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import MilitaryTechIcon from '@mui/icons-material/MilitaryTech';
import SportsSoccerIcon from '@mui/icons-material/SportsSoccer';
import TouchAppIcon from '@mui/icons-material/TouchApp';
import Box from '@mui/material/Box';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType, ReactNode } from 'react';
import { ROUND } from '../../../shared/domain/rounds';

/**
 * The icon of a round or phase by its fixed id: a trophy for the champions (cup and league), an award for the
 * European places, a down arrow for relegation, a pointing hand for the knockout rounds from the round of 16 to the
 * final, a football for the top scorer. Other rounds have none.
 */
const ICONS: Readonly<Record<number, { kind: string; Icon: ComponentType<SvgIconProps> }>> = {
  [ROUND.CHAMPION]: { kind: 'trophy', Icon: EmojiEventsIcon },
  [ROUND.LEAGUE_CHAMPION]: { kind: 'trophy', Icon: EmojiEventsIcon },
  [ROUND.EUROPEAN_PLACES]: { kind: 'award', Icon: MilitaryTechIcon },
  [ROUND.RELEGATION]: { kind: 'down', Icon: ArrowDownwardIcon },
  [ROUND.ROUND_OF_16]: { kind: 'hand', Icon: TouchAppIcon },
  [ROUND.QUARTER_FINALS]: { kind: 'hand', Icon: TouchAppIcon },
  [ROUND.SEMI_FINALS]: { kind: 'hand', Icon: TouchAppIcon },
  [ROUND.FINAL]: { kind: 'hand', Icon: TouchAppIcon },
  [ROUND.TOP_SCORER]: { kind: 'football', Icon: SportsSoccerIcon },
};

/** The round's icon, or nothing; decorative beside the round's name, or named by `label` when it stands alone. */
export function RoundIcon({ roundId, label, fontSize = 'small' }: { roundId: number; label?: string; fontSize?: SvgIconProps['fontSize'] }) {
  const icon = ICONS[roundId];
  if (!icon) return null;
  const { Icon, kind } = icon;
  return (
    <Icon fontSize={fontSize} color="action" data-testid="round-icon" data-icon={kind}
      {...(label ? { titleAccess: label } : { 'aria-hidden': true })} />
  );
}

/** A round's name with its icon in front. */
export function RoundName({ roundId, children }: { roundId: number; children: ReactNode }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <RoundIcon roundId={roundId} />{children}
    </Box>
  );
}
