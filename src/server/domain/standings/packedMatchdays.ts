/**
 * A member's matchday rows as the table read packs them ("7:12,8:3": matchday 7, 12 points; matchday 8, 3 points),
 * read in place: a big league has 200,000 members, so no intermediate strings or arrays per row.
 */

const [ZERO, COLON, COMMA, MINUS] = ['0', ':', ',', '-'].map((ch) => ch.charCodeAt(0));

/** Calls `visit` with each matchday and its points (integers), in the packed order, parsing digits in place. */
function forEachMatchday(packed: string | null, visit: (matchday: number, points: number) => void): void {
  if (!packed) return;
  const { length } = packed;
  for (let index = 0; index < length; index += 1) {
    let matchday = 0;
    for (; index < length && packed.charCodeAt(index) !== COLON; index += 1) matchday = matchday * 10 + packed.charCodeAt(index) - ZERO;
    index += 1;
    const sign = packed.charCodeAt(index) === MINUS ? -1 : 1;
    if (sign === -1) index += 1;
    let points = 0;
    for (; index < length && packed.charCodeAt(index) !== COMMA; index += 1) points = points * 10 + packed.charCodeAt(index) - ZERO;
    visit(matchday, sign * points);
  }
}

/** "7:12,8:3" -> { 7: 12, 8: 3 }. */
export function unpackMatchdays(packed: string | null): Record<string, number> {
  const days: Record<string, number> = {};
  forEachMatchday(packed, (matchday, points) => { days[matchday] = points; });
  return days;
}
