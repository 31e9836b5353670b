import { sql } from 'kysely';
import { PERSON_POINTS } from '../../../shared/domain/scoring';
import { KNOCKOUT_ORDER, ROUND } from '../../../shared/domain/rounds';
import type { Executor } from '../../platform/db/database';

/**
 * Pick points (a round pick: its rule's points per hit; a person pick: PERSON_POINTS per goal, plus the top scorer's
 * bonus), set-based: one UPDATE per kind of rule, for every league of the competition
 * and both modes (simulations are scored against the real results too). Points depend only on (rule, team)
 * or (rule, person), so each statement scores the distinct picked pairs once and joins them back to the
 * picks, writing only rows whose points change. A pick in a league that does not play that kind of rule
 * scores null. Callers refresh the standings afterwards (rescoring/recompute.ts). `leagueId` narrows the
 * writes to one league (after its settings change).
 */
export async function recomputePickPoints(db: Executor, competitionId: number, leagueId?: number): Promise<number> {
  const only = (table: 'round_bets' | 'person_bets') =>
    leagueId === undefined ? sql`` : sql`and ${sql.ref(`${table}.league_id`)} = ${leagueId}`;
  // How many picks changed: standings re-sum pick points only when some did.
  return await scoreKnockoutPicks(db, competitionId, only('round_bets'))
    + await scoreChampionPicks(db, competitionId, only('round_bets'))
    + await scoreTablePicks(db, competitionId, only('round_bets'))
    + await scorePersonPicks(db, competitionId, only('person_bets'));
}

const changedRows = (result: { numAffectedRows?: bigint }) => Number(result.numAffectedRows ?? 0);

type Filter = ReturnType<typeof sql>;

const KNOCKOUT_PICK_ROUNDS = [...KNOCKOUT_ORDER, ROUND.THIRD_PLACE];
const TABLE_PICK_ROUNDS = [ROUND.LEAGUE_CHAMPION, ROUND.EUROPEAN_PLACES, ROUND.RELEGATION];

/**
 * Joins scored (rule, team) pairs `v(rule_id, team_id, points)` back to the picks. `v` is materialised so the
 * per-pair subqueries run once per pair, not once per pick (both planners would otherwise inline it).
 * `ctes` are extra common table expressions `v` may use, each followed by a comma.
 */
async function applyRoundPoints(db: Executor, filter: Filter, scored: Filter, ctes = sql``): Promise<number> {
  return changedRows(await sql`
    with ${ctes} v as materialized (${scored})
    update round_bets set points = case when l.round_bets_enabled = 1 then v.points end
    from v, leagues l
    where round_bets.league_rule_id = v.rule_id and round_bets.team_id = v.team_id and l.id = round_bets.league_id
      and round_bets.points is distinct from (case when l.round_bets_enabled = 1 then v.points end) ${filter}
  `.execute(db));
}

/** The distinct (rule, team) pairs picked for some rounds of the competition. */
const pickedPairs = (competitionId: number, roundIds: readonly number[]) => sql`
  select distinct b.league_rule_id as rule_id, b.team_id
  from round_bets b join league_rules pr on pr.id = b.league_rule_id
  where pr.competition_id = ${competitionId} and pr.round_id in (${sql.join(roundIds)})
`;

/** Knockout rounds: a hit when the team plays a match of the round; 0 once every match of it has both teams. */
async function scoreKnockoutPicks(db: Executor, competitionId: number, filter: Filter): Promise<number> {
  return applyRoundPoints(db, filter, sql`
    select p.rule_id, p.team_id, case
      when exists (select 1 from matches m where m.competition_id = r.competition_id and m.round_id = r.round_id
                   and (m.local_team_id = p.team_id or m.visiting_team_id = p.team_id)) then r.points_per_hit
      when exists (select 1 from matches m where m.competition_id = r.competition_id and m.round_id = r.round_id)
       and not exists (select 1 from matches m where m.competition_id = r.competition_id and m.round_id = r.round_id
                       and (m.local_team_id is null or m.visiting_team_id is null)) then 0
    end as points
    from (${pickedPairs(competitionId, KNOCKOUT_PICK_ROUNDS)}) p join league_rules r on r.id = p.rule_id
  `);
}

/** Champion: the winner of the finished final after 90 minutes, extra time and penalties. */
async function scoreChampionPicks(db: Executor, competitionId: number, filter: Filter): Promise<number> {
  const home = sql`m.local_goals + coalesce(m.local_goals_extra_time, 0)`;
  const away = sql`m.visiting_goals + coalesce(m.visiting_goals_extra_time, 0)`;
  const winner = sql`(
    select case
      when ${home} > ${away} then m.local_team_id
      when ${home} < ${away} then m.visiting_team_id
      when m.local_penalties > m.visiting_penalties then m.local_team_id
      when m.local_penalties < m.visiting_penalties then m.visiting_team_id
    end
    from matches m
    where m.competition_id = ${competitionId} and m.round_id = ${ROUND.FINAL} and m.finished = 1
      and m.local_team_id is not null and m.visiting_team_id is not null
      and m.local_goals is not null and m.visiting_goals is not null
    order by m.date desc limit 1
  )`;
  return applyRoundPoints(db, filter, sql`
    select p.rule_id, p.team_id, case
      when w.team_id is null then null when w.team_id = p.team_id then r.points_per_hit else 0
    end as points
    from (${pickedPairs(competitionId, [ROUND.CHAMPION])}) p join league_rules r on r.id = p.rule_id
    cross join (select ${winner} as team_id) w
  `);
}

/**
 * League champion, European places (the top `picks`) and relegation (the bottom `picks`) from the final table
 * of a finished league competition: 3 points a win, 1 a draw; then goal difference, goals for, name.
 */
async function scoreTablePicks(db: Executor, competitionId: number, filter: Filter): Promise<number> {
  const table = sql`
    games as (
      select local_team_id as team_id, local_goals as gf, visiting_goals as ga from matches
      where competition_id = ${competitionId} and finished = 1 and local_goals is not null and visiting_goals is not null
        and local_team_id is not null and visiting_team_id is not null
      union all
      select visiting_team_id, visiting_goals, local_goals from matches
      where competition_id = ${competitionId} and finished = 1 and local_goals is not null and visiting_goals is not null
        and local_team_id is not null and visiting_team_id is not null
    ),
    standing as (
      select team_id, sum(case when gf > ga then 3 when gf = ga then 1 else 0 end) as pts,
             sum(gf - ga) as gd, sum(gf) as goals
      from games group by team_id
    ),
    ranked as (
      select s.team_id,
             row_number() over (order by s.pts desc, s.gd desc, s.goals desc, t.team_name asc) as pos,
             count(*) over () as teams
      from standing s join teams t on t.id = s.team_id
    ),
  `;
  return applyRoundPoints(db, filter, sql`
    select p.rule_id, p.team_id, case
      when c.finished <> 1 then null
      when (r.round_id = ${ROUND.LEAGUE_CHAMPION} and k.pos = 1)
        or (r.round_id = ${ROUND.EUROPEAN_PLACES} and k.pos <= r.picks)
        or (r.round_id = ${ROUND.RELEGATION} and k.pos > k.teams - r.picks) then r.points_per_hit
      else 0
    end as points
    from (${pickedPairs(competitionId, TABLE_PICK_ROUNDS)}) p
    join league_rules r on r.id = p.rule_id
    join competitions c on c.id = r.competition_id
    left join ranked k on k.team_id = p.team_id
  `, table);
}

/**
 * Top scorer: points per goal once the competition has started, plus the bonus for the (joint) top scorer
 * once it is finished. Null before the first kickoff.
 */
async function scorePersonPicks(db: Executor, competitionId: number, filter: Filter): Promise<number> {
  const goals = sql`coalesce(ps.goals, 0)`;
  return changedRows(await sql`
    with v as materialized (
      select p.rule_id, p.person_id, case
        when c.finished = 1 or exists (select 1 from matches m where m.competition_id = c.id and (m.started = 1 or m.finished = 1))
        then ${goals} * ${sql.lit(PERSON_POINTS.per_goal)} + case
          when c.finished = 1 and ${goals} > 0
           and ${goals} >= (select max(s.goals) from person_stats s where s.competition_id = c.id)
          then ${sql.lit(PERSON_POINTS.top_scorer_bonus)} else 0 end
      end as points
      from (
        select distinct b.league_rule_id as rule_id, b.person_id
        from person_bets b join league_rules pr on pr.id = b.league_rule_id
        where pr.competition_id = ${competitionId} and pr.round_id = ${ROUND.TOP_SCORER}
      ) p
      join league_rules r on r.id = p.rule_id
      join competitions c on c.id = r.competition_id
      left join person_stats ps on ps.competition_id = c.id and ps.person_id = p.person_id
    )
    update person_bets set points = case when l.person_bets_enabled = 1 then v.points end
    from v, leagues l
    where person_bets.league_rule_id = v.rule_id and person_bets.person_id = v.person_id and l.id = person_bets.league_id
      and person_bets.points is distinct from (case when l.person_bets_enabled = 1 then v.points end) ${filter}
  `.execute(db));
}
