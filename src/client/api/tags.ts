/** Every cache tag of the client, declared once (the base api lists them all). */
export const TAG_TYPES = [
  'User', 'Alert', 'Competition', 'Round', 'Group', 'GroupTeam', 'Team', 'Person', 'Scorer', 'LeagueRule', 'Match',
  'League', 'LeagueMember', 'LeagueTable', 'Invitation', 'Message', 'ResultBet', 'RoundBet', 'PersonBet', 'Push',
  'Update', 'Contact', 'Log', 'VerificationMail', 'AdminConsole', 'BonusQuestion', 'LeagueLog',
  'Nudge', 'HeadToHead', 'LeaguePost', 'ApiToken', 'Webhook', 'OverallRanking',
] as const;
export type TagType = (typeof TAG_TYPES)[number];

/** Which tag a path belongs to: the longest matching prefix wins. */
const TAG_BY_PATH_PREFIX: ReadonlyArray<readonly [string, TagType]> = [
  ['/users', 'User'],
  // Mailing a new link changes nothing any read answers (a User write would reload every query).
  ['/users/verify_email/resend', 'VerificationMail'],
  // A user's API tokens change nothing else any read answers.
  ['/users/api_tokens', 'ApiToken'],
  ['/alerts', 'Alert'],
  ['/competition/scorers', 'Scorer'],
  ['/competition/league_rules', 'LeagueRule'],
  ['/competition', 'Competition'],
  ['/competitions/ranking', 'OverallRanking'],
  ['/rounds', 'Round'],
  ['/groups/index_groups_team', 'GroupTeam'],
  ['/groups', 'Group'],
  ['/teams', 'Team'],
  ['/people', 'Person'],
  ['/league_rules', 'LeagueRule'],
  ['/matches', 'Match'],
  ['/leagues/users_league_table', 'LeagueTable'],
  ['/leagues/league_rules', 'LeagueRule'],
  ['/leagues/leagues_users', 'LeagueMember'],
  ['/leagues/update_department', 'LeagueMember'],
  ['/leagues/remove_user', 'LeagueMember'],
  ['/leagues', 'League'],
  ['/leagues/log', 'LeagueLog'],
  ['/leagues/missing_bets', 'Nudge'],
  ['/leagues/nudge', 'Nudge'],
  ['/leagues/head_to_head', 'HeadToHead'],
  ['/leagues/posts', 'LeaguePost'],
  ['/leagues/webhooks', 'Webhook'],
  ['/bonus_questions', 'BonusQuestion'],
  ['/invitations', 'Invitation'],
  ['/messages', 'Message'],
  ['/result_bets', 'ResultBet'],
  ['/round_bets', 'RoundBet'],
  ['/person_bets', 'PersonBet'],
  ['/subscribe', 'Push'],
  ['/unsubscribe', 'Push'],
  ['/push', 'Push'],
  ['/update', 'Update'],
  ['/contact', 'Contact'],
  ['/log', 'Log'],
  ['/admin', 'AdminConsole'],
];

export function tagForPath(path: string): TagType {
  let best: readonly [string, TagType] | undefined;
  for (const entry of TAG_BY_PATH_PREFIX) {
    const [prefix] = entry;
    const matches = path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}_`);
    if (matches && (!best || prefix.length > best[0].length)) best = entry;
  }
  return best ? best[1] : 'Update';
}

/** Reference data changes rarely: cached for 30 minutes. Everything else: 60 seconds. */
const LONG_LIVED: ReadonlySet<TagType> = new Set(['Competition', 'Round', 'Group', 'GroupTeam', 'Team', 'Person', 'LeagueRule']);
export const SHORT_CACHE_SECONDS = 60;
export const LONG_CACHE_SECONDS = 1800;
export const cacheSecondsFor = (tag: TagType): number => (LONG_LIVED.has(tag) ? LONG_CACHE_SECONDS : SHORT_CACHE_SECONDS);

/**
 * Writes whose answer is the row they wrote, which the entity store takes (api/entities): the lists holding that row
 * are not read again for it; only what else the write makes stale (ALSO_INVALIDATED) is.
 */
export const ANSWERED_WITH_ROW: ReadonlySet<string> = new Set(['updateResultBet']);

/** What else a write of a given tag makes stale, beyond its own rows. */
const SCORES: TagType[] = ['LeagueTable', 'ResultBet', 'RoundBet', 'PersonBet', 'Alert', 'OverallRanking'];
export const ALSO_INVALIDATED: Partial<Record<TagType, readonly TagType[]>> = {
  // Signing in or out changes what every read answers.
  User: TAG_TYPES.filter((tag) => tag !== 'User'),
  League: ['LeagueMember', 'LeagueTable', 'Alert', 'Invitation', 'Message', 'LeagueLog', 'Nudge', 'HeadToHead', ...SCORES],
  // A member removed may lose the league that counted for them in the overall ranking.
  LeagueMember: ['League', 'LeagueTable', 'LeagueLog', 'Nudge', 'HeadToHead', 'OverallRanking'],
  // Resolving moves points and writes the league's log.
  BonusQuestion: ['LeagueTable', 'LeagueLog'],
  Invitation: ['League', 'Message'],
  // Every change of the board is logged.
  LeaguePost: ['LeagueLog'],
  // A late entry is logged.
  ResultBet: ['LeagueTable', 'Alert', 'LeagueLog', 'Nudge'],
  RoundBet: ['LeagueTable', 'Alert'],
  PersonBet: ['LeagueTable', 'Alert'],
  Match: ['LeagueTable', 'ResultBet', 'Scorer', 'Competition', 'HeadToHead', 'OverallRanking'],
  Update: ['Match', 'Competition', 'Scorer', 'Person', ...SCORES, 'AdminConsole'],
  // An import or an archive changes the competitions new leagues are offered (and their matches, for an import).
  AdminConsole: ['Competition', 'Match'],
};
