import type { MatchImportance } from './elo';

/**
 * The Elo weight class of a competition's matches, read from its name: national teams' World Cup finals,
 * continental finals (Euro, Copa América, Africa Cup of Nations, Asian Cup, Gold Cup, Confederations Cup),
 * qualifiers and nations leagues, friendlies; any other competition (club leagues and cups among them) weighs
 * as "other tournaments".
 */
export function importanceOfCompetition(name: string): MatchImportance {
  const text = name.toLowerCase();
  if (/qualif|nations league/.test(text)) return 'qualifier';
  if (/friendl/.test(text)) return 'friendly';
  if (/world cup/.test(text) && !/club world cup/.test(text)) return 'world_cup';
  if (/\beuro\b|copa am[eé]rica|african? cup of nations|africa cup|asian cup|gold cup|confederations cup/.test(text)) return 'continental';
  return 'tournament';
}
