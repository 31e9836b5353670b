import type { Executor } from '../../platform/db/database';
import { forgetAuthor, postsOfAuthor } from './leagueBoardRepository';

const iso = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/**
 * The league board's part of a user's data: their export lists every post they wrote (a deleted one without its
 * text, which is gone); deleting the account leaves their posts on the boards as a deleted user's.
 */
export const leagueBoardUserData = {
  name: 'league_posts',
  collect: async (db: Executor, userId: number) => (await postsOfAuthor(db, userId)).map((p) => ({
    id: Number(p.id), league_id: Number(p.league_id), league_name: p.league_name, text: p.text,
    match_id: p.match_id === null ? null : Number(p.match_id), reply_to: p.reply_to === null ? null : Number(p.reply_to),
    created_at: iso(p.created_at), edited_at: iso(p.edited_at), deleted_at: iso(p.deleted_at),
  })),
  forget: (trx: Executor, userId: number) => forgetAuthor(trx, userId),
};
