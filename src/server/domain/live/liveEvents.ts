import type { Match } from '../../../shared/api/entities';

/** What an event's payload holds (the JSON of live_events.payload). */
export interface MatchesPayload { matches: Match[] }

/** `deadline`: the bet deadline that closed (events stored before it was added have none). */
export interface BetsVisiblePayload { match_ids: number[]; deadline?: number }
