import type { Generated } from 'kysely';
import type { WebhookTables } from './webhookTables';

/**
 * The typed database, one interface per table. Times are epoch milliseconds, flags 0/1.
 * PostgreSQL returns bigint columns as strings unless parsed; db/database.ts installs a parser so
 * both dialects give numbers.
 */
type Id = Generated<number>;
type Flag = 0 | 1;

export interface SettingsTable { key: string; value: string }

export interface UsersTable {
  id: Id; name: string; email: string; password_hash: string;
  is_admin: Generated<Flag>; locale: Generated<string>; email_reminders: Generated<Flag>;
  email_verified: Generated<Flag>; created_at: number; updated_at: number;
  /** Set while an admin has disabled the account: it cannot sign in. */
  disabled_at: number | null; last_sign_in_at: number | null;
  /** The name's sort keys per language (domain/standings/nameKeys.ts), filled when first needed. */
  name_key_en: string | null; name_key_es: string | null;
  /** The player opted out of the competitions' overall rankings. */
  ranking_hidden: Generated<Flag>;
}

export interface SessionsTable { id: string; user_id: number; created_at: number; expires_at: number }

export interface PasswordResetsTable {
  id: Id; user_id: number; token_hash: string; expires_at: number; used_at: number | null; created_at: number;
}

/** A personal API token: only its SHA-256 is kept; deleting the row revokes it. */
export interface ApiTokensTable {
  id: Id; user_id: number; name: string; scope: 'read' | 'bet'; token_hash: string;
  created_at: number; expires_at: number; last_used_at: number | null;
}

export interface SignInFailuresTable { id: Id; email: string; ip: string | null; created_at: number }

export interface EmailVerificationsTable {
  id: Id; user_id: number; email: string; token_hash: string; expires_at: number; used_at: number | null; created_at: number;
}

export interface RateLimitHitsTable { id: Id; action: string; subject: string; created_at: number }

export interface CompetitionsTable {
  id: Id; name: string; competition_type: 'cup' | 'league'; finished: Generated<Flag>;
  provider: Generated<string>; provider_ref: string | null; external_key: string | null;
  time_shift_ms: Generated<number>; replay: Generated<Flag>; created_at: number; updated_at: number;
  /** IANA zone of an openfootball import's local kickoff times; re-imports and re-syncs read them in it. */
  time_zone: string | null;
  /** Archived: not offered to new leagues, data kept. */
  archived_at: number | null;
}

export interface RoundsTable { id: number; name: string; kind: string }

export interface TeamsTable {
  id: Id; team_name: string; abbreviation: string; flag: string | null; is_flag: Generated<Flag>;
  colors: Generated<string>; external_key: string | null;
}

export interface CompetitionTeamsTable { competition_id: number; team_id: number }
export interface GroupsTable { id: Id; competition_id: number; name: string }
export interface GroupTeamsTable { group_id: number; team_id: number }
export interface PeopleTable { id: Id; name: string; team_id: number | null; external_key: string | null }
export interface PersonStatsTable {
  competition_id: number; person_id: number; goals: Generated<number>; assists: Generated<number>;
}

export interface MatchesTable {
  id: Id; competition_id: number; group_id: number | null; round_id: number; matchday: number;
  local_team_id: number | null; visiting_team_id: number | null;
  local_placeholder: string | null; visiting_placeholder: string | null;
  date: number; status: Generated<string>; started: Generated<Flag>; finished: Generated<Flag>;
  local_goals: number | null; visiting_goals: number | null;
  local_goals_extra_time: number | null; visiting_goals_extra_time: number | null;
  local_penalties: number | null; visiting_penalties: number | null;
  held_result: string | null; external_key: string | null; updated_at: number;
  /** 1 when the stored matchday rows hold this match's result (rescoring/recompute.ts). */
  standings_scored: Generated<Flag>;
  /** The deadline its bets had when first shown (5 minutes before the governing kickoff): pick deadlines anchor on it. */
  bets_shown_at: number | null;
  /** Once its bets were shown in some league: the match's and its matchday's first kickoff then (scoring/shownBets.ts). */
  shown_kickoff: number | null; shown_matchday_kickoff: number | null;
  /** While in play, where the match stands as its provider last said (null when unknown); see shared/domain/liveMatch.ts. */
  live_phase: string | null; live_minute: number | null; live_added: number | null;
}

export interface MatchGoalsTable {
  id: Id; match_id: number; person_id: number; minute: number | null; own_goal: Generated<Flag>; penalty: Generated<Flag>;
}

export interface LeagueRulesTable { id: Id; competition_id: number; round_id: number; picks: number; points_per_hit: number }

export interface LeaguesTable {
  id: Id; name: string; name_normalized: string; competition_id: number; owner_id: number;
  bets_system: 'disabled' | 'sign' | 'exact'; points_system: 'winner' | 'winner_and_goals';
  playoff_results_points: Flag; round_bets_enabled: Flag; person_bets_enabled: Flag;
  allow_invite: Flag; allow_join: Flag; editable_after_start: Flag; start_matchday: number;
  knockout_basis: 'regular' | 'extra_time' | 'penalties'; share_token: string; created_at: number; updated_at: number;
  /** Scoring model (shared/domain/scoring.ts): mode and points per hit. */
  scoring_mode: Generated<'additive' | 'highest' | 'quote' | 'odds'>; points_tendency: Generated<number>; points_goal_difference: Generated<number>;
  points_exact: Generated<number>; points_local_goals: Generated<number>; points_visiting_goals: Generated<number>;
  /** `quote` and `odds` modes: the most a right tendency earns. */
  points_quote_max: Generated<number>;
  /** Jokers per member (0: off) and what a joker multiplies by. */
  joker_count: Generated<number>; joker_multiplier: Generated<number>;
  /** The owner may still enter a member's bet late once its match has a result. */
  late_entry_after_result: Generated<Flag>;
  /** The league runs a head-to-head competition among its members. */
  head_to_head: Generated<Flag>;
  /** Result bets lock this many minutes before the match's (lock_by match) or its matchday's first kickoff. */
  bet_deadline_minutes: Generated<number>;
  /** Null: the competition's default (cups by match, league competitions by matchday). */
  lock_by: 'match' | 'matchday' | null;
  /** The first counted kickoff when picks anchored on it were shown; start_matchday changes never move past it. */
  picks_shown_kickoff: number | null;
  /** Moves whenever the league's table changes (cache key of users_league_table). */
  table_version: Generated<number>;
  /** JSON list of tie-break keys (shared/domain/tieBreaks.ts), "[]" for none. */
  tie_breaks: Generated<string>;
  /** Whether members may bet with a personal API token: allowed, marked (shown with a robot mark) or forbidden. */
  bots: Generated<'allowed' | 'marked' | 'forbidden'>;
  /** What the owner says about the league (null: nothing). */
  description: string | null;
}

/** A member removed by the owner: kept out until a new invitation from the owner is accepted. */
export interface LeagueBansTable { league_id: number; user_id: number; banned_at: number }

export interface LeagueTeamsTable { league_id: number; team_id: number }

/** Result-bet points of a round's matches are multiplied by factor (absent: 1). */
export interface LeagueRoundMultipliersTable { league_id: number; round_id: number; factor: number }

export interface LeagueMembersTable {
  league_id: number; user_id: number; department: string | null; joined_at: number;
  /** Pick points (round and person bets) and resolved bonus questions' points; result-bet points live in member_matchday_points. */
  points_rounds: Generated<number>; points_people: Generated<number>;
  points_bonus: Generated<number>;
}

/** A member's result-bet points in one matchday: a row once they have a scored bet there. */
/** `competition_id` is the league's; PostgreSQL partitions the table by it (docs/partitions.md). */
export interface MemberMatchdayPointsTable {
  league_id: number; user_id: number; matchday: number; points: number; competition_id: number;
  /** The row's hit counters (the league's tie-breaks), and its points and exact hits under the default scoring. */
  exact_hits: Generated<number>; goal_difference_hits: Generated<number>; tendency_hits: Generated<number>;
  points_default: Generated<number>; exact_default: Generated<number>;
}

/** A rank key: k0 = -points, k1..k5 = minus the tie-break values in order (0 where unused); ascending is best first. */
interface RankKeyColumns {
  k0: Generated<number>; k1: Generated<number>; k2: Generated<number>; k3: Generated<number>; k4: Generated<number>; k5: Generated<number>;
}

/** A league member's standing as tables read it (domain/standings/rankLeagues.ts writes it). */
export interface MemberStandingsTable extends RankKeyColumns {
  league_id: number; user_id: number; competition_id: number;
  points: Generated<number>; points_league: Generated<number>; points_rounds: Generated<number>; points_people: Generated<number>;
  points_bonus: Generated<number>; exact_hits: Generated<number>; goal_difference_hits: Generated<number>;
  tendency_hits: Generated<number>; matchday_wins: Generated<number>;
  /**
   * The overall ranking's figures of the member's bets here (default-scoring points and exact hits, whether one is
   * scored), whether this is the player's row there (main league, scored, not opted out) and its key.
   */
  points_default: Generated<number>; exact_default: Generated<number>; scored: Generated<Flag>;
  in_overall: Generated<Flag>; ok0: Generated<number>; ok1: Generated<number>;
  name_key_en: Generated<string>; name_key_es: Generated<string>;
}

/** How many of a league's members stand at each total (k0 = -points). */
export interface StandingCountsTable { league_id: number; k0: number; members: Generated<number> }

/** The best score of each decided matchday of a league (its winners hold it). */
export interface LeagueMatchdayTopsTable { league_id: number; matchday: number; top: number }

/** A department's members and the sums its row averages; `matchdays` packs its result-bet points per matchday. */
export interface StandingDepartmentsTable {
  league_id: number; department: string; members: Generated<number>; points_league: Generated<number>;
  points_rounds: Generated<number>; points_people: Generated<number>; points: Generated<number>; matchdays: Generated<string>;
}

/** The league whose bets count in a competition's overall ranking, when the player chose one. */
export interface CompetitionMainLeaguesTable { competition_id: number; user_id: number; league_id: number }

/** How many players whose main league it is stand at each overall total (k0 = -points) in a league. */
export interface LeagueOverallCountsTable { league_id: number; k0: number; members: Generated<number> }

export interface OverallCountsTable { competition_id: number; k0: number; members: Generated<number> }

/** An owner's nudge to a member without bets before a deadline: one per member and deadline. */
export interface LeagueNudgesTable { league_id: number; user_id: number; deadline: number; nudged_by: number | null; nudged_at: number }

export interface InvitationsTable {
  id: Id; league_id: number; inviter_id: number | null; email: string; invitee_id: number | null; token: string;
  status: Generated<'pending' | 'accepted' | 'dismissed' | 'deleted'>; created_at: number; updated_at: number;
}

export interface MessagesTable {
  id: Id; user_id: number; kind: string; league_id: number | null; invitation_id: number | null;
  payload: Generated<string>; read_at: number | null; created_at: number;
}

export interface ResultBetsTable {
  id: Id; league_id: number; user_id: number; match_id: number; mode: Generated<number>;
  local_goals: number | null; visiting_goals: number | null;
  modified_after_start: Generated<Flag>; updated_at: number;
  /** The member's joker on this bet (its points multiplied by the league's joker multiplier). */
  joker: Generated<Flag>;
  /** Entered or corrected by the league's owner after the deadline (late entry), shown to everyone. */
  late_entry: Generated<Flag>;
  /** The last save came through a personal API token (a save by the member in person clears it). */
  by_bot: Generated<Flag>;
  /** The match's competition; PostgreSQL partitions the table by it (docs/partitions.md). */
  competition_id: number;
}

export interface RoundBetsTable {
  id: Id; league_id: number; user_id: number; league_rule_id: number; team_id: number; mode: Generated<number>;
  points: number | null; updated_at: number; by_bot: Generated<Flag>;
}

export interface PersonBetsTable {
  id: Id; league_id: number; user_id: number; league_rule_id: number; person_id: number; mode: Generated<number>;
  points: number | null; updated_at: number; by_bot: Generated<Flag>;
}

export interface PushSubscriptionsTable {
  id: Id; user_id: number; endpoint: string; p256dh: string; auth: string; created_at: number;
}

export interface RemindersSentTable { user_id: number; league_id: number; item: string; sent_at: number }

export interface ProcessLocksTable { name: string; owner: string; acquired_at: number; expires_at: number }

export interface ScheduledJobsTable {
  name: string; next_due_at: number; runs: Generated<number>; last_started_at: number | null; last_finished_at: number | null;
  last_outcome: 'done' | 'failed' | 'busy' | null;
}

export interface ClientLogsTable {
  id: Id; user_id: number | null; status: number | null; code: string | null; message: string | null;
  details: string | null; created_at: number;
}

/** What the live streams tell: its id is the SSE event id in every process. */
export interface LiveEventsTable {
  id: Id; competition_id: number; kind: 'matches' | 'bets_visible' | 'board' | 'result_progress'; payload: string; dedupe_key: string | null; created_at: number;
}

/** Generation of a user's private calendar token (regenerating bumps it). */
export interface CalendarFeedsTable { user_id: number; generation: Generated<number>; updated_at: number }

/** One run of an admin process, scheduled or manual: written at its start and at its end. */
export interface ProcessRunsTable {
  id: Id; kind: string; trigger: 'manual' | 'scheduled'; competition_id: number | null; started_by: number | null;
  started_at: number; finished_at: number | null; outcome: 'running' | 'done' | 'failed';
  updated_matches: number | null; recomputed_bets: number | null; notified: number | null; created: Flag | null; error: string | null;
}

/** A result being applied to a competition's league tables in batches (domain/resultJobs). */
export interface ResultJobsTable {
  id: Id; competition_id: number; match_ids: string; matchdays: string; status: 'pending' | 'running' | 'done' | 'superseded';
  cursor_league_id: Generated<number>; leagues_done: Generated<number>; leagues_total: number;
  lease_owner: string | null; lease_until: number | null; process_run_id: number | null; superseded_by: number | null;
  created_at: number; finished_at: number | null;
}

/** A competition's latest sync from its provider. */
export interface CompetitionSyncsTable {
  competition_id: number; last_at: number; outcome: 'done' | 'failed'; error: string | null; last_success_at: number | null;
}

/** Every email sent or failed, without its body (reset and verification links carry tokens). */
export interface MailLogTable {
  id: Id; to_address: string; kind: string; subject: string; status: 'queued' | 'sent' | 'failed'; error: string | null; created_at: number;
}

export interface MailOutboxTable { id: Id; to_address: string; subject: string; text_body: string; created_at: number }

export interface AuditLogTable {
  id: Id; actor_id: number | null; action: string; entity: string; entity_id: number | null;
  details: string | null; created_at: number;
}

export interface BonusQuestionsTable {
  id: Id; league_id: number; text: string; kind: 'team' | 'person' | 'number' | 'choice';
  /** JSON array of options (choice questions). */
  choices: string | null; points: number; deadline: number;
  /** JSON array of the right answers once resolved. */
  correct: string | null; resolved_at: number | null; created_at: number; updated_at: number;
}

export interface BonusAnswersTable {
  question_id: number; league_id: number; user_id: number; answer: string; answer_key: string; points: number | null; updated_at: number;
  by_bot: Generated<Flag>;
}

/** Per-league hash chain (leagueLog module; scheme: how the hash is made). Triggers refuse UPDATE and DELETE. */
export interface LeagueLogTable {
  id: Id; league_id: number; seq: number; actor_id: number | null; action: string; details: string; created_at: number;
  prev_hash: string; hash: string; scheme: Generated<number>;
}

/** The logs of deleted leagues, copied by a trigger when the league goes. Append-only like league_log. */
export interface LeagueLogArchiveTable {
  league_id: number; seq: number; actor_id: number | null; action: string; details: string; created_at: number;
  prev_hash: string; hash: string; scheme: number; archived_at: number;
}

/** A move of a team's rating (domain/fairOdds): appended, never changed; delta in hundredths of a point. */
export interface TeamRatingChangesTable { id: Id; team_id: number; match_id: number | null; delta: number; created_at: number }

/** The result a match's rating moves were made for, and the ratings (hundredths) before it. */
export interface MatchRatingsTable {
  match_id: number; local_team_id: number; visiting_team_id: number; local_before: number; visiting_before: number;
  local_goals: number; visiting_goals: number; delta: number; updated_at: number;
}

/** The model's chances (permyriad) of a match fixed at its deadline in an `odds` league; never changed. */
export interface LeagueMatchOddsTable {
  league_id: number; match_id: number; home: number; draw: number; away: number;
  et_home: number | null; et_draw: number | null; et_away: number | null; through_home: number | null; through_away: number | null;
  local_rating: number; visiting_rating: number; deadline: number; sealed_at: number; logged_at: number | null;
}

/** Per league and member, the title-race marks last told (features/titleRace/titleRaceNotices.ts). */
export interface TitleRaceMarksTable { league_id: number; user_id: number; can_win: Flag; clinched: Flag; updated_at: number }

/** The league board's posts (features/leagueBoard); author_id null: the author deleted their account. */
export interface LeaguePostsTable {
  id: Id; league_id: number; author_id: number | null; match_id: number | null; reply_to: number | null; text: string;
  created_at: number; edited_at: number | null; deleted_at: number | null; deleted_by: number | null;
}

/** Per league: whether its board is closed, and its pinned post (no row: open, nothing pinned). */
export interface LeagueBoardsTable { league_id: number; closed_at: number | null; pinned_post_id: number | null; updated_at: number }

export interface Database extends WebhookTables {
  settings: SettingsTable;
  title_race_marks: TitleRaceMarksTable;
  users: UsersTable;
  sessions: SessionsTable;
  api_tokens: ApiTokensTable;
  password_resets: PasswordResetsTable;
  sign_in_failures: SignInFailuresTable;
  email_verifications: EmailVerificationsTable;
  rate_limit_hits: RateLimitHitsTable;
  competitions: CompetitionsTable;
  rounds: RoundsTable;
  teams: TeamsTable;
  competition_teams: CompetitionTeamsTable;
  groups: GroupsTable;
  group_teams: GroupTeamsTable;
  people: PeopleTable;
  person_stats: PersonStatsTable;
  matches: MatchesTable;
  match_goals: MatchGoalsTable;
  league_rules: LeagueRulesTable;
  leagues: LeaguesTable;
  league_teams: LeagueTeamsTable;
  league_round_multipliers: LeagueRoundMultipliersTable;
  league_members: LeagueMembersTable;
  league_bans: LeagueBansTable;
  member_matchday_points: MemberMatchdayPointsTable;
  member_standings: MemberStandingsTable;
  standing_counts: StandingCountsTable;
  league_matchday_tops: LeagueMatchdayTopsTable;
  standing_departments: StandingDepartmentsTable;
  competition_main_leagues: CompetitionMainLeaguesTable;
  league_overall_counts: LeagueOverallCountsTable;
  overall_counts: OverallCountsTable;
  league_nudges: LeagueNudgesTable;
  invitations: InvitationsTable;
  messages: MessagesTable;
  result_bets: ResultBetsTable;
  round_bets: RoundBetsTable;
  person_bets: PersonBetsTable;
  push_subscriptions: PushSubscriptionsTable;
  process_locks: ProcessLocksTable;
  scheduled_jobs: ScheduledJobsTable;
  reminders_sent: RemindersSentTable;
  client_logs: ClientLogsTable;
  mail_outbox: MailOutboxTable;
  audit_log: AuditLogTable;
  process_runs: ProcessRunsTable;
  result_jobs: ResultJobsTable;
  mail_log: MailLogTable;
  competition_syncs: CompetitionSyncsTable;
  live_events: LiveEventsTable;
  league_posts: LeaguePostsTable;
  league_boards: LeagueBoardsTable;
  calendar_feeds: CalendarFeedsTable;
  bonus_questions: BonusQuestionsTable;
  bonus_answers: BonusAnswersTable;
  league_log: LeagueLogTable;
  team_rating_changes: TeamRatingChangesTable;
  match_ratings: MatchRatingsTable;
  league_match_odds: LeagueMatchOddsTable;
  league_log_archive: LeagueLogArchiveTable;
}
