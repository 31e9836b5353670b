import type { Kysely, Migration, MigrationProvider } from 'kysely';
import * as initial from './20261122_initial';
import * as firstMatchday from './20261129_m_first_matchday';
import * as leagueDescription from './20261129_n_league_description';
import * as accountTrust from './20261124_a_account_trust';
import * as leagueTrust from './20261124_b_league_trust';
import * as competitionTimeZone from './20261124_c_competition_time_zone';
import * as scheduledJobs from './20261124_f_scheduled_jobs';
import * as standingsSpeed from './20261124_g_standings_speed';
import * as standingsSpeedIndex from './20261124_g_standings_speed_index';
import * as scoringModel from './20261124_j_scoring_model';
import * as liveCalendar from './20261124_l_live_calendar';
import * as bonusTiesLog from './20261124_k_bonus_ties_log';
import * as adminConsole from './20261124_m_admin_console';
import * as pointsOnRead from './20261126_n_points_on_read';
import * as logIntegrity from './20261126_o_log_integrity';
import * as sessionHashes from './20261126_p_session_hashes';
import * as lateEntryAfterResult from './20261126_q_late_entry_after_result';
import * as matchLiveState from './20261127_b_match_live_state';
import * as quoteScoring from './20261127_c_quote_scoring';
import * as rivalry from './20261127_d_rivalry';
import * as titleRaceMarks from './20261127_e_title_race_marks';
import * as leagueBoard from './20261128_a_league_board';
import * as apiTokens from './20261128_c_api_tokens';
import * as webhooks from './20261128_b_webhooks';
import * as resultJobs from './20261128_e_result_jobs';
import * as competitionPartitions from './20261128_f_competition_partitions';
import * as jitOff from './20261128_g_jit_off';
import * as storedRanking from './20261128_h_stored_ranking';
import * as fairOdds from './20261128_p_fair_odds';

export type Dialect = 'sqlite' | 'postgres';

interface DialectMigration { up(db: Kysely<any>, dialect: Dialect): Promise<void> }

// Ordered by name (date). A migration cannot detect its dialect, so the provider passes it in.
const migrations: Record<string, DialectMigration> = {
  '20261122_initial': initial,
  '20261124_a_account_trust': accountTrust,
  '20261124_b_league_trust': leagueTrust,
  '20261124_c_competition_time_zone': competitionTimeZone,
  '20261124_f_scheduled_jobs': scheduledJobs,
  '20261124_g_standings_speed': standingsSpeed,
  '20261124_g_standings_speed_index': standingsSpeedIndex,
  '20261124_j_scoring_model': scoringModel,
  '20261124_k_bonus_ties_log': bonusTiesLog,
  '20261124_l_live_calendar': liveCalendar,
  '20261124_m_admin_console': adminConsole,
  '20261126_n_points_on_read': pointsOnRead,
  '20261126_o_log_integrity': logIntegrity,
  '20261126_p_session_hashes': sessionHashes,
  '20261126_q_late_entry_after_result': lateEntryAfterResult,
  '20261127_b_match_live_state': matchLiveState,
  '20261127_c_quote_scoring': quoteScoring,
  '20261127_d_rivalry': rivalry,
  '20261127_e_title_race_marks': titleRaceMarks,
  '20261128_a_league_board': leagueBoard,
  '20261128_c_api_tokens': apiTokens,
  '20261128_b_webhooks': webhooks,
  '20261128_e_result_jobs': resultJobs,
  '20261128_f_competition_partitions': competitionPartitions,
  '20261128_g_jit_off': jitOff,
  '20261128_h_stored_ranking': storedRanking,
  '20261128_p_fair_odds': fairOdds,
  '20261129_m_first_matchday': firstMatchday,
  '20261129_n_league_description': leagueDescription,
};

export function migrationProvider(dialect: Dialect): MigrationProvider {
  return {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, m] of Object.entries(migrations)) out[name] = { up: (db) => m.up(db, dialect) };
      return out;
    },
  };
}
