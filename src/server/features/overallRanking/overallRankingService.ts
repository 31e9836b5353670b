import { sql } from 'kysely';
import type { Static } from 'typebox';
import {
  OVERALL_PAGE_ROWS, OVERALL_ROWS_AROUND, type OverallMe, type OverallPage, type OverallRow,
} from '../../../shared/api/routes/overallRanking';
import type { Locale } from '../../../shared/domain/locales';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import { forbidden, notFound } from '../../platform/errors/errors';
import { nameSearchPrefix } from '../../domain/standings/nameKeys';
import { lockPlayersLeagues, resyncPlayers } from '../../domain/standings/overallStandings';
import {
  boardSize, OVERALL_BOARD, pageAfter, pageAt, rowOf, rowsAround, type BoardRow,
} from '../../domain/standings/rankedReads';
import * as repo from './overallRankingRepository';

/**
 * GET /competitions/ranking/:id (pages, search), GET /competitions/ranking/:id/me and the choice of main league:
 * reads of the stored overall ranking (domain/standings/overallStandings.ts writes it), a few index ranges each.
 */

interface Figures { user_name: string; points: number; exact_hits: number }
const COLUMNS = sql`u.name AS user_name, r.points_default AS points, r.exact_default AS exact_hits`;

const toRow = (row: BoardRow<Figures> & { position: number }): OverallRow => ({
  position: row.position, user_id: Number(row.user_id), user_name: row.user_name, points: Number(row.points), exact_hits: Number(row.exact_hits),
});

async function requireCompetition(deps: AppDeps, competitionId: number): Promise<void> {
  if (!(await repo.competitionExists(deps.db, competitionId))) throw notFound('errors.competition_not_found');
}

export async function rankingPage(
  deps: AppDeps, user: AuthUser, competitionId: number, query: { after?: number; limit?: number; q?: string },
): Promise<Static<typeof OverallPage>> {
  await requireCompetition(deps, competitionId);
  const { db } = deps;
  const locale = user.locale as Locale;
  const limit = query.limit ?? OVERALL_PAGE_ROWS;
  const total = await boardSize(db, OVERALL_BOARD, competitionId);
  if (query.q !== undefined) {
    const ids = await repo.playersNamed(db, competitionId, `name_key_${locale}`, nameSearchPrefix(query.q, locale), limit);
    const rows = [];
    for (const id of ids) {
      const row = await rowOf<Figures>(db, OVERALL_BOARD, competitionId, locale, id, COLUMNS);
      if (row) rows.push(toRow(row));
    }
    return { competition_id: competitionId, total_players: total, rows: rows.sort((a, b) => a.position - b.position), next_after: null };
  }
  const page = query.after === undefined
    ? { rows: await pageAt<Figures>(db, OVERALL_BOARD, competitionId, locale, { offset: 0, limit }, COLUMNS), first: 0 }
    : await pageAfter<Figures>(db, OVERALL_BOARD, competitionId, locale, query.after, limit, COLUMNS);
  if (!page) throw notFound('errors.ranking_player_not_found');
  const more = page.rows.length === limit && page.first + page.rows.length < total;
  return {
    competition_id: competitionId, total_players: total, rows: page.rows.map(toRow),
    next_after: more ? Number(page.rows.at(-1)!.user_id) : null,
  };
}

export async function rankingMe(deps: AppDeps, user: AuthUser, competitionId: number): Promise<Static<typeof OverallMe>> {
  await requireCompetition(deps, competitionId);
  const { db } = deps;
  const [total, around, leagues, mainLeague, hidden] = await Promise.all([
    boardSize(db, OVERALL_BOARD, competitionId),
    rowsAround<Figures>(db, OVERALL_BOARD, competitionId, user.locale as Locale, user.id, OVERALL_ROWS_AROUND, COLUMNS),
    repo.leaguesOfPlayer(db, competitionId, user.id),
    repo.mainLeagueOf(db, competitionId, user.id),
    repo.isHidden(db, user.id),
  ]);
  const own = around?.rows.find((row) => Number(row.user_id) === user.id);
  const choices = leagues.map((l) => ({ id: Number(l.id), name: l.name }));
  return {
    competition_id: competitionId, total_players: total, ranked: own !== undefined,
    position: own?.position ?? null, points: own ? Number(own.points) : null,
    top_percent: own ? topPercent(own.position, total) : null,
    rows: around?.rows.map(toRow) ?? [],
    main_league: choices.find((l) => l.id === mainLeague) ?? null, leagues: choices, hidden,
  };
}

/** The share of players at or above `position`, rounded up to a tenth of a percent (never 0: the leader is top 0.1 %). */
const topPercent = (position: number, total: number): number =>
  Math.min(100, Math.max(0.1, Math.ceil((position * 1000) / Math.max(total, 1)) / 10));

export async function chooseMainLeague(deps: AppDeps, user: AuthUser, competitionId: number, leagueId: number): Promise<Static<typeof OverallMe>> {
  await requireCompetition(deps, competitionId);
  await deps.db.transaction().execute(async (trx) => {
    const league = await trx.selectFrom('leagues').select(['id', 'competition_id']).where('id', '=', leagueId).executeTakeFirst();
    if (!league || Number(league.competition_id) !== competitionId) throw notFound('errors.league_not_found');
    const member = await trx.selectFrom('league_members').select('user_id').where('league_id', '=', leagueId).where('user_id', '=', user.id).executeTakeFirst();
    if (!member) throw forbidden('errors.not_a_member');
    await lockPlayersLeagues(trx, competitionId, [user.id]);
    await repo.setMainLeague(trx, competitionId, user.id, leagueId);
    await resyncPlayers(trx, competitionId, [user.id]);
  });
  return rankingMe(deps, user, competitionId);
}
