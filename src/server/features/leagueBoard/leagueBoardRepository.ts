import type { Executor } from '../../platform/db/database';

/** SQL of the league board: posts, their authors' standing in the league, and the board's row (closed, pinned). */

export interface PostRow {
  id: number; league_id: number; author_id: number | null; author_name: string | null; author_left: boolean;
  match_id: number | null; reply_to: number | null; text: string;
  created_at: number; edited_at: number | null; deleted_at: number | null;
}

function postsQuery(db: Executor) {
  return db.selectFrom('league_posts as p')
    .leftJoin('users as u', 'u.id', 'p.author_id')
    .select((eb) => [
      'p.id', 'p.league_id', 'p.author_id', 'u.name as author_name', 'p.match_id', 'p.reply_to', 'p.text',
      'p.created_at', 'p.edited_at', 'p.deleted_at',
      eb.exists(eb.selectFrom('league_members as lm').select('lm.user_id')
        .whereRef('lm.league_id', '=', 'p.league_id').whereRef('lm.user_id', '=', 'p.author_id')).as('is_member'),
    ]);
}

type RawPost = Awaited<ReturnType<ReturnType<typeof postsQuery>['execute']>>[number];

const toRow = (r: RawPost): PostRow => ({
  id: Number(r.id), league_id: Number(r.league_id), author_id: r.author_id === null ? null : Number(r.author_id),
  author_name: r.author_name ?? null, author_left: r.author_id !== null && !Number(r.is_member),
  match_id: r.match_id === null ? null : Number(r.match_id), reply_to: r.reply_to === null ? null : Number(r.reply_to),
  text: r.text, created_at: Number(r.created_at), edited_at: r.edited_at === null ? null : Number(r.edited_at),
  deleted_at: r.deleted_at === null ? null : Number(r.deleted_at),
});

export async function findPost(db: Executor, postId: number): Promise<PostRow | undefined> {
  const row = await postsQuery(db).where('p.id', '=', postId).executeTakeFirst();
  return row && toRow(row);
}

/**
 * One page of top-level posts, newest first: those before `before` (an id) when given. A deleted post is listed
 * only while it has a reply still standing, so the replies keep their place.
 */
export async function topLevelPosts(db: Executor, leagueId: number, before: number | null, limit: number): Promise<PostRow[]> {
  const rows = await postsQuery(db)
    .where('p.league_id', '=', leagueId).where('p.reply_to', 'is', null)
    .$if(before !== null, (qb) => qb.where('p.id', '<', before!))
    .where((eb) => eb.or([
      eb('p.deleted_at', 'is', null),
      eb.exists(eb.selectFrom('league_posts as r').select('r.id').whereRef('r.reply_to', '=', 'p.id').where('r.deleted_at', 'is', null)),
    ]))
    .orderBy('p.id', 'desc').limit(limit).execute();
  return rows.map(toRow);
}

/** The standing replies to these posts, oldest first. */
export async function repliesTo(db: Executor, postIds: number[]): Promise<PostRow[]> {
  if (postIds.length === 0) return [];
  const rows = await postsQuery(db).where('p.reply_to', 'in', postIds).where('p.deleted_at', 'is', null).orderBy('p.id').execute();
  return rows.map(toRow);
}

export async function insertPost(db: Executor, post: {
  league_id: number; author_id: number; match_id: number | null; reply_to: number | null; text: string; created_at: number;
}): Promise<number> {
  const row = await db.insertInto('league_posts').values(post).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updatePostText(db: Executor, postId: number, text: string, now: number): Promise<void> {
  await db.updateTable('league_posts').set({ text, edited_at: now }).where('id', '=', postId).execute();
}

/** A deleted post loses its text at once; the row stays for its replies. False when it was already deleted. */
export async function markPostDeleted(db: Executor, postId: number, by: number, now: number): Promise<boolean> {
  const result = await db.updateTable('league_posts').set({ text: '', deleted_at: now, deleted_by: by })
    .where('id', '=', postId).where('deleted_at', 'is', null).executeTakeFirst();
  await db.updateTable('league_boards').set({ pinned_post_id: null, updated_at: now }).where('pinned_post_id', '=', postId).execute();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether the match belongs to the competition. */
export async function matchOfCompetition(db: Executor, matchId: number, competitionId: number): Promise<boolean> {
  const row = await db.selectFrom('matches').select('id').where('id', '=', matchId).where('competition_id', '=', competitionId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface BoardRow { closed_at: number | null; pinned_post_id: number | null }

export async function findBoard(db: Executor, leagueId: number): Promise<BoardRow> {
  const row = await db.selectFrom('league_boards').select(['closed_at', 'pinned_post_id']).where('league_id', '=', leagueId)
    .executeTakeFirst();
  return {
    closed_at: row?.closed_at == null ? null : Number(row.closed_at),
    pinned_post_id: row?.pinned_post_id == null ? null : Number(row.pinned_post_id),
  };
}

/**
 * The board's row, created when missing and written (so PostgreSQL holds its row lock until the transaction ends):
 * a post and the board's closing, or two pins, take turns instead of crossing.
 */
export async function lockBoard(db: Executor, leagueId: number, now: number): Promise<BoardRow> {
  const row = await db.insertInto('league_boards').values({ league_id: leagueId, closed_at: null, pinned_post_id: null, updated_at: now })
    .onConflict((oc) => oc.column('league_id').doUpdateSet((eb) => ({ league_id: eb.ref('excluded.league_id') })))
    .returning(['closed_at', 'pinned_post_id']).executeTakeFirstOrThrow();
  return {
    closed_at: row.closed_at == null ? null : Number(row.closed_at),
    pinned_post_id: row.pinned_post_id == null ? null : Number(row.pinned_post_id),
  };
}

export async function setBoard(db: Executor, leagueId: number, change: Partial<BoardRow>, now: number): Promise<void> {
  await db.updateTable('league_boards').set({ ...change, updated_at: now }).where('league_id', '=', leagueId).execute();
}

/** Every post a user wrote, oldest first (the user's data export). */
export async function postsOfAuthor(db: Executor, userId: number) {
  return db.selectFrom('league_posts as p').innerJoin('leagues as l', 'l.id', 'p.league_id')
    .select(['p.id', 'p.league_id', 'l.name as league_name', 'p.text', 'p.match_id', 'p.reply_to', 'p.created_at', 'p.edited_at', 'p.deleted_at'])
    .where('p.author_id', '=', userId).orderBy('p.id').execute();
}

/** An account that goes leaves its posts as a deleted user's. */
export async function forgetAuthor(db: Executor, userId: number): Promise<void> {
  await db.updateTable('league_posts').set({ author_id: null }).where('author_id', '=', userId).execute();
  await db.updateTable('league_posts').set({ deleted_by: null }).where('deleted_by', '=', userId).execute();
}
