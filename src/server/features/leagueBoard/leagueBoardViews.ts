import type { Static } from 'typebox';
import { POST_EDIT_WINDOW_MS, type LeaguePost, type LeaguePostThread } from '../../../shared/api/routes/leagueBoard';
import type { PostRow } from './leagueBoardRepository';

export type PostView = Static<typeof LeaguePost>;
type ThreadView = Static<typeof LeaguePostThread>;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A post as the API shows it to `viewerId`: a deleted post shows no text and no author. */
export function postView(row: PostRow, viewerId: number): PostView {
  const deleted = row.deleted_at !== null;
  const mine = !deleted && row.author_id !== null && row.author_id === viewerId;
  return {
    id: row.id, league_id: row.league_id,
    author_id: deleted ? null : row.author_id, author_name: deleted ? null : row.author_name,
    author_left: !deleted && row.author_left,
    text: deleted ? '' : row.text, match_id: deleted ? null : row.match_id, reply_to: row.reply_to,
    created_at: iso(row.created_at)!, edited_at: iso(row.edited_at), deleted,
    editable_until: mine ? iso(row.created_at + POST_EDIT_WINDOW_MS) : null,
  };
}

export function threadView(row: PostRow, replies: PostRow[], viewerId: number): ThreadView {
  return { ...postView(row, viewerId), replies: replies.filter((r) => r.reply_to === row.id).map((r) => postView(r, viewerId)) };
}
