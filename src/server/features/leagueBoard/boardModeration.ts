import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import { loadLeagueAccess, requireOwner } from '../../domain/leagues/leagueAccess';
import { publishLeagueEvent } from '../../domain/leagueEvents/publishLeagueEvent';
import { lockBoard, setBoard } from './leagueBoardRepository';
import { postAndAccess, postAsItIs, recordChange, takeBoardWrite } from './leagueBoardService';

/**
 * What the owner alone does to the board: pin a post, unpin it, close and reopen the board. Each counts against the
 * owner's limit of board writes, once the owner is known to be the owner.
 */

/** The owner of the post's league, counted against the limit of board writes. */
async function ownerWrite(deps: AppDeps, user: AuthUser, postId: number, now: number): Promise<void> {
  const { post, access } = await postAsItIs(deps.db, user, postId);
  requireOwner(access);
  await takeBoardWrite(deps, user, post.league_id, now);
}

/**
 * The owner pins a post on top of the board; the one pinned before (if any) is unpinned by it, so a league has at
 * most one. One transaction: whatever else a new pin must do belongs inside it, after the log entry.
 */
export async function pinPost(deps: AppDeps, user: AuthUser, postId: number): Promise<void> {
  const now = deps.clock.now();
  await ownerWrite(deps, user, postId, now);
  await deps.db.transaction().execute(async (trx) => {
    const { post, access, board } = await postAndAccess(trx, user, postId, now);
    requireOwner(access);
    if (board.pinned_post_id === post.id) return;
    await setBoard(trx, access.league.id, { pinned_post_id: post.id }, now);
    await recordChange(deps, trx, access, {
      actorId: user.id, action: 'post.pinned', details: { post_id: post.id, replaced_post_id: board.pinned_post_id },
    }, post.id);
    // The league's chats hear of it only if the pin commits.
    await publishLeagueEvent(trx, {
      leagueId: access.league.id, kind: 'pinned_post', payload: { post_id: post.id, author: post.author_name, text: post.text },
    }, now);
  });
}

/** The owner unpins the post; nothing changes when it is not the pinned one. */
export async function unpinPost(deps: AppDeps, user: AuthUser, postId: number): Promise<void> {
  const now = deps.clock.now();
  await ownerWrite(deps, user, postId, now);
  await deps.db.transaction().execute(async (trx) => {
    const { post, access, board } = await postAndAccess(trx, user, postId, now);
    requireOwner(access);
    if (board.pinned_post_id !== post.id) return;
    await setBoard(trx, access.league.id, { pinned_post_id: null }, now);
    await recordChange(deps, trx, access, { actorId: user.id, action: 'post.unpinned', details: { post_id: post.id } }, post.id);
  });
}

/** The owner closes the board (no new posts, replies or edits; deletions and pins go on) or opens it again. */
export async function setBoardOpen(deps: AppDeps, user: AuthUser, leagueId: number, open: boolean): Promise<boolean> {
  const now = deps.clock.now();
  requireOwner(await loadLeagueAccess(deps.db, leagueId, user));
  await takeBoardWrite(deps, user, leagueId, now);
  return deps.db.transaction().execute(async (trx) => {
    const access = await loadLeagueAccess(trx, leagueId, user);
    requireOwner(access);
    const board = await lockBoard(trx, leagueId, now);
    if ((board.closed_at === null) === open) return open;
    await setBoard(trx, leagueId, { closed_at: open ? null : now }, now);
    await recordChange(deps, trx, access, { actorId: user.id, action: open ? 'board.opened' : 'board.closed', details: {} }, null);
    return open;
  });
}

