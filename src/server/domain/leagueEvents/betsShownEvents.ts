import { PostgresAdapter, type RawBuilder } from 'kysely';
import type { Db } from '../../platform/db/database';
import { getOrCreateSetting } from '../../platform/settings/settingsRepository';
import { crowdSplit } from '../scoring/crowdSplit';
import { playedInLeague, resultBetDeadlineSql } from '../scoring/scoringSql';
import { publishLeagueEvent } from './publishLeagueEvent';

/** Until when deadlines have been looked at (epoch ms): each run tells those passed since, once. */
const WATERMARK = 'webhooks.bets_shown_until';

/**
 * Publishes `bets_shown` for every match whose deadline in a league passed since the last run, to the leagues with a
 * switched-on hook taking that event, with the split of the league's bets (home, draw, away). The first run starts
 * from now (nothing from before is told). The watermark is read (locked on PostgreSQL) and moved in the same
 * transaction as the events, so two runs never tell a deadline twice. Answers how many events were queued.
 */
export async function publishBetsShown(db: Db, now: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await getOrCreateSetting(trx, WATERMARK, () => String(now));
    let read = trx.selectFrom('settings').select('value').where('key', '=', WATERMARK);
    if (trx.getExecutor().adapter instanceof PostgresAdapter) read = read.forUpdate();
    const since = Number((await read.executeTakeFirstOrThrow()).value);
    if (now <= since) return 0;
    const due = await trx.selectFrom('leagues as l')
      .innerJoin('competitions as c', 'c.id', 'l.competition_id')
      .innerJoin('matches as m', 'm.competition_id', 'l.competition_id')
      .leftJoin('teams as lt', 'lt.id', 'm.local_team_id').leftJoin('teams as vt', 'vt.id', 'm.visiting_team_id')
      .select(['l.id as league_id', 'm.id', 'm.matchday', 'm.date', 'lt.team_name as home', 'vt.team_name as away', 'm.local_placeholder', 'm.visiting_placeholder'])
      .where('l.bets_system', '!=', 'disabled')
      .where((eb) => eb.exists(eb.selectFrom('league_webhooks as h').select('h.id').whereRef('h.league_id', '=', 'l.id')
        .where('h.disabled_at', 'is', null).where('h.events', 'like', '%bets_shown%')))
      .where(resultBetDeadlineSql('l', 'm'), '>', since).where(resultBetDeadlineSql('l', 'm'), '<=', now)
      .where(playedInLeague('l', 'm', 'c') as RawBuilder<boolean>)
      .orderBy('m.date').orderBy('m.id').orderBy('l.id').execute();
    let queued = 0;
    for (const row of due) {
      const split = await crowdSplit(trx, row.league_id, row.id);
      const match = {
        id: row.id, matchday: row.matchday, kickoff: new Date(row.date).toISOString(),
        home: row.home ?? row.local_placeholder ?? '', away: row.away ?? row.visiting_placeholder ?? '',
      };
      queued += await publishLeagueEvent(trx, {
        leagueId: row.league_id, kind: 'bets_shown', payload: { match, split: { bets: split.home + split.draw + split.away, ...split } },
      }, now);
    }
    await trx.updateTable('settings').set({ value: String(now) }).where('key', '=', WATERMARK).execute();
    return queued;
  });
}
