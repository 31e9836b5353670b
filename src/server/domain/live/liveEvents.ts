import type { Match } from '../../../shared/api/entities';

/** What an event's payload holds (the JSON of live_events.payload). */
export interface MatchesPayload { matches: Match[] }

/** `deadline`: the bet deadline that closed (events stored before it was added have none). */
export interface BetsVisiblePayload { match_ids: number[]; deadline?: number }

/** A league board changed: only that league's streams are told (the post itself is read again by the screen). */
export interface BoardPayload { league_id: number; post_id: number | null }
