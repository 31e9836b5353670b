/**
 * The live event a result job publishes with each batch (live_events kind `result_progress`): the leagues whose
 * tables now hold the result, and how far the job is. `finished` on the job's last event (no leagues).
 */
export interface ResultProgressPayload {
  match_ids: number[];
  league_ids: number[];
  leagues_done: number;
  leagues_total: number;
  finished: boolean;
}
