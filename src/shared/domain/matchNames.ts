import type { Locale } from './locales';
import { localRoundName } from './roundNames';
import { isKnockoutRound } from './rounds';

/**
 * What people call a knockout matchday and a team not known yet, in both languages: "Semifinales" rather than
 * "Jornada 19", "Ganador del partido 49" rather than "W49". One source for every screen that names them.
 */

export type NameForm = 'long' | 'short';

/** A placeholder's meaning: the winner or loser of a numbered match, or a place in one group (or one of several). */
type PlaceholderMeaning =
  | { kind: 'winner' | 'loser'; match: number }
  | { kind: 'place'; place: number; groups: string[] };

/** Reads the data sources' placeholders: "W49", "L61", "1A", "3A/B/C" (openfootball's, the demo's). */
export function parsePlaceholder(text: string): PlaceholderMeaning | null {
  const trimmed = text.trim();
  const numbered = /^([WL])(\d+)$/.exec(trimmed);
  if (numbered) return { kind: numbered[1] === 'W' ? 'winner' : 'loser', match: Number(numbered[2]) };
  const place = /^(\d)([A-Z](?:\/[A-Z])*)$/.exec(trimmed);
  if (place) return { kind: 'place', place: Number(place[1]), groups: place[2].split('/') };
  return null;
}

const ENGLISH_SUFFIX: Record<number, string> = { 1: 'st', 2: 'nd', 3: 'rd' };
const ordinal = (n: number, locale: Locale) => (locale === 'es' ? `${n}.º` : `${n}${ENGLISH_SUFFIX[n] ?? 'th'}`);
const either = (items: string[], locale: Locale) =>
  (items.length === 1 ? items[0] : `${items.slice(0, -1).join(', ')} ${locale === 'es' ? 'o' : 'or'} ${items[items.length - 1]}`);

/**
 * A placeholder in words: long "Ganador del partido 49", "1.º del grupo A", "3rd of group A, B or C"; short (where
 * a team's abbreviation would stand) "Ganador 49", "1.º A". Text that is no known placeholder stays as it is.
 */
export function localPlaceholder(text: string, locale: Locale, form: NameForm = 'long'): string {
  const meaning = parsePlaceholder(text);
  if (!meaning) return text;
  if (meaning.kind === 'place') {
    const place = ordinal(meaning.place, locale);
    if (form === 'short') return `${place} ${meaning.groups.join('/')}`;
    return locale === 'es' ? `${place} del grupo ${either(meaning.groups, locale)}` : `${place} of group ${either(meaning.groups, locale)}`;
  }
  const words = {
    es: { winner: ['Ganador del partido', 'Ganador'], loser: ['Perdedor del partido', 'Perdedor'] },
    en: { winner: ['Winner of match', 'Winner'], loser: ['Loser of match', 'Loser'] },
  }[locale][meaning.kind];
  return `${form === 'short' ? words[1] : words[0]} ${meaning.match}`;
}

/** Short names of the knockout rounds, for table headers and tight spots. */
const SHORT_ROUND_NAMES: Record<Locale, Record<number, string>> = {
  en: { 3: 'R32', 4: 'R16', 5: 'QF', 6: 'SF', 7: 'Final', 9: '3rd place' },
  es: { 3: 'Dieciseisavos', 4: 'Octavos', 5: 'Cuartos', 6: 'Semis', 7: 'Final', 9: '3.er puesto' },
};

/** A matchday and the round its matches belong to (a competition's matchday info answers them). */
export interface MatchdayRound { matchday: number; round_id: number }

/**
 * A matchday as people name it: a knockout matchday by its round ("Semifinales"; "Octavos de final, día 2" when the
 * round spans several matchdays), any other by its number ("Jornada 3", short "J3").
 */
export function matchdayName(matchday: number, rounds: readonly MatchdayRound[], locale: Locale, form: NameForm = 'long'): string {
  const roundId = rounds.find((row) => row.matchday === matchday)?.round_id;
  if (roundId === undefined || !isKnockoutRound(roundId)) {
    if (form === 'short') return locale === 'es' ? `J${matchday}` : `MD ${matchday}`;
    return locale === 'es' ? `Jornada ${matchday}` : `Matchday ${matchday}`;
  }
  const days = rounds.filter((row) => row.round_id === roundId).map((row) => row.matchday).sort((a, b) => a - b);
  const round = form === 'short' ? SHORT_ROUND_NAMES[locale][roundId] ?? localRoundName(roundId, locale) : localRoundName(roundId, locale);
  if (days.length < 2) return round;
  const day = days.indexOf(matchday) + 1;
  if (form === 'short') return `${round} ${day}`;
  return locale === 'es' ? `${round}, día ${day}` : `${round}, day ${day}`;
}
