import { localTeamName } from '../../../shared/domain/localNames';
import { localRoundName } from '../../../shared/domain/roundNames';
import type { Locale } from '../../../shared/domain/locales';

/**
 * Pick answers in the caller's language: the rule's round name and team names come from the
 * database in English; the routes map them on the way out, so the services stay language-free.
 */
export async function withLocalRoundNames<T extends { league_rule: { round_id: number; round_name: string } }>(
  answer: Promise<T[]>, locale: Locale,
): Promise<T[]> {
  return (await answer).map((item) => withLocalRoundName(item, locale));
}

export function withLocalRoundName<T extends { league_rule: { round_id: number; round_name: string } }>(item: T, locale: Locale): T {
  const { league_rule: rule } = item;
  return { ...item, league_rule: { ...rule, round_name: localRoundName(rule.round_id, locale, rule.round_name) } };
}

export async function withLocalTeamNames<T extends { team_name: string }>(answer: Promise<T[]>, locale: Locale): Promise<T[]> {
  return (await answer).map((item) => ({ ...item, team_name: localTeamName(item.team_name, locale) }));
}
