import type { Locale } from './locales';
import { ROUNDS } from './rounds';

// Apart from the team names (a table of every national team) so that naming a round or a placeholder, as the match
// strip of a visitor's first page does, does not load them.

/** The catalogue rounds' names per language (rounds.ts has the ids; the server's messages use these). */
export const ROUND_NAMES: Readonly<Record<Locale, Readonly<Record<number, string>>>> = {
  en: Object.fromEntries(ROUNDS.map((round) => [round.id, round.name])),
  es: {
    1: 'Fase de grupos', 2: 'Temporada regular', 3: 'Dieciseisavos de final', 4: 'Octavos de final',
    5: 'Cuartos de final', 6: 'Semifinales', 7: 'Final', 8: 'Campeón', 9: 'Partido por el tercer puesto',
    10: 'Máximo goleador', 12: 'Puestos europeos', 13: 'Descenso', 14: 'Campeón de liga',
  },
};

/** A round's name in `locale`; a round outside the catalogue keeps the name it was stored with. */
export function localRoundName(roundId: number, locale: Locale, storedName?: string): string {
  return ROUND_NAMES[locale][roundId] ?? storedName ?? String(roundId);
}
