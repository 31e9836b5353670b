import { ROUND } from '../../../shared/domain/rounds';

/**
 * The demo cup's 64 matches, numbered like a World Cup (1-48 groups, 49-56 round of 16, 57-60 quarter-finals,
 * 61-62 semi-finals, 63 third place, 64 final). The group stage started 5 days before "now" and lasts 12 days,
 * four matches a day, so whenever the demo is seeded it is half played and the next kickoffs are hours away.
 */
interface PlannedMatch {
  number: number; roundId: number; matchday: number; date: number;
  /** Group stage: group index and team indexes within the group. */
  group: number | null; local: number | null; visiting: number | null;
  /** Knockout: "1A", "W49", "L61". */
  localPlaceholder: string | null; visitingPlaceholder: string | null;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DEMO_DAYS_PLAYED = 5;
const GROUP_HOURS = [12, 15, 18, 20];
const ROUND_PAIRS = [[[0, 1], [2, 3]], [[0, 2], [3, 1]], [[3, 0], [1, 2]]];
const LETTERS = 'ABCDEFGH';

const KNOCKOUT: [number, number, number, string, string][] = [
  // [number, round, day, local, visiting]; hours follow below.
  [49, ROUND.ROUND_OF_16, 12, '1A', '2B'], [50, ROUND.ROUND_OF_16, 12, '1C', '2D'],
  [51, ROUND.ROUND_OF_16, 13, '1E', '2F'], [52, ROUND.ROUND_OF_16, 13, '1G', '2H'],
  [53, ROUND.ROUND_OF_16, 14, '1B', '2A'], [54, ROUND.ROUND_OF_16, 14, '1D', '2C'],
  [55, ROUND.ROUND_OF_16, 15, '1F', '2E'], [56, ROUND.ROUND_OF_16, 15, '1H', '2G'],
  [57, ROUND.QUARTER_FINALS, 17, 'W49', 'W50'], [58, ROUND.QUARTER_FINALS, 17, 'W51', 'W52'],
  [59, ROUND.QUARTER_FINALS, 18, 'W53', 'W54'], [60, ROUND.QUARTER_FINALS, 18, 'W55', 'W56'],
  [61, ROUND.SEMI_FINALS, 20, 'W57', 'W58'], [62, ROUND.SEMI_FINALS, 21, 'W59', 'W60'],
  [63, ROUND.THIRD_PLACE, 24, 'L61', 'L62'], [64, ROUND.FINAL, 25, 'W61', 'W62'],
];

export function planDemoCup(now: number): PlannedMatch[] {
  const firstDay = Math.floor(now / DAY) * DAY - DEMO_DAYS_PLAYED * DAY;
  const planned: (Omit<PlannedMatch, 'matchday'> & { day: number })[] = [];
  for (let round = 0; round < 3; round++) {
    for (let group = 0; group < 8; group++) {
      ROUND_PAIRS[round].forEach(([local, visiting], j) => {
        const slot = round * 16 + group * 2 + j;
        const day = Math.floor(slot / 4);
        planned.push({
          number: slot + 1, roundId: ROUND.GROUP_STAGE, day, date: firstDay + day * DAY + GROUP_HOURS[slot % 4] * HOUR,
          group, local, visiting, localPlaceholder: null, visitingPlaceholder: null,
        });
      });
    }
  }
  KNOCKOUT.forEach(([number, roundId, day, local, visiting], i) => {
    const single = roundId === ROUND.SEMI_FINALS || roundId === ROUND.FINAL;
    const hour = single ? 20 : roundId === ROUND.THIRD_PLACE ? 16 : i % 2 === 0 ? 16 : 20;
    planned.push({
      number, roundId, day, date: firstDay + day * DAY + hour * HOUR,
      group: null, local: null, visiting: null, localPlaceholder: local, visitingPlaceholder: visiting,
    });
  });
  // Cups number their match days 1..n in date order.
  const days = [...new Set(planned.map((p) => p.day))].sort((a, b) => a - b);
  return planned.map(({ day, ...p }) => ({ ...p, matchday: days.indexOf(day) + 1 }));
}

export const groupName = (index: number) => `Group ${LETTERS[index]}`;
