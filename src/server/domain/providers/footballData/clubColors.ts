/** football-data gives club colours as names ("Red / White"); the team logo pie wants hex colours. */
const COLOR_BY_NAME: Readonly<Record<string, string>> = {
  red: '#d50000', white: '#ffffff', black: '#000000', blue: '#1565c0', 'royal blue': '#1e40af', 'navy blue': '#0b1f4b',
  navy: '#0b1f4b', 'sky blue': '#6cabdd', 'light blue': '#87ceeb', claret: '#7a263a', green: '#2e7d32',
  yellow: '#fdd835', gold: '#d4af37', orange: '#ef6c00', purple: '#6a1b9a', violet: '#7b1fa2', maroon: '#800000',
  grey: '#9e9e9e', gray: '#9e9e9e', silver: '#c0c0c0', brown: '#6d4c41', pink: '#ec407a', amber: '#ffb300',
  burgundy: '#800020', granate: '#7b1e2a', 'dark blue': '#0d2c6c', 'dark green': '#1b5e20', cream: '#fffdd0',
};

/** "Red / White / Navy Blue" -> hex colours, skipping names we do not know. */
export function colorsFromClubColors(clubColors: string | null | undefined): string[] {
  if (!clubColors) return [];
  return clubColors.split(/\s*\/\s*|\s*,\s*|\s+and\s+/i)
    .map((name) => COLOR_BY_NAME[name.trim().toLowerCase()])
    .filter((hex): hex is string => Boolean(hex));
}
