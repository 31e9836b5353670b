import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import type { Translate } from '../../platform/i18n/messages';
import { requireLeagueAccess } from '../../domain/leagues/leagueAccess';
import type { LeagueAccessRow } from '../../domain/leagues/leagueRows';
import { rankLeagueTable, storedStandings } from '../../domain/standings/leagueTable';
import { csvDocument, type CsvCell } from './csv';
import * as repo from './dataExportRepository';

type Block = CsvCell[][];

const score = (local: number | null, visiting: number | null) =>
  local === null || visiting === null ? null : `${Number(local)}-${Number(visiting)}`;

async function tableBlock(deps: AppDeps, user: AuthUser, league: LeagueAccessRow, t: Translate): Promise<Block> {
  const table = await rankLeagueTable(deps, user, league, undefined, await storedStandings(deps, league));
  return [
    [t('exports.position'), t('exports.member'), t('exports.department'), t('exports.points'), t('exports.points_league'),
      t('exports.points_rounds'), t('exports.points_people'), t('exports.points_bonus'), t('exports.exact_hits'),
      t('exports.goal_difference_hits'), t('exports.tendency_hits'), t('exports.matchday_wins')],
    ...table.users.map((u) => [u.position, u.user_name, u.department, u.points, u.points_league, u.points_rounds, u.points_people,
      u.points_bonus, u.exact_hits, u.goal_difference_hits, u.tendency_hits, u.matchday_wins]),
  ];
}

async function betsBlock(deps: AppDeps, leagueId: number, t: Translate): Promise<Block> {
  const bets = await repo.shownLeagueBets(deps.db, leagueId, deps.clock.now());
  if (bets.length === 0) return [];
  const yes = t('exports.yes');
  return [
    [t('exports.member'), t('exports.matchday'), t('exports.kickoff'), t('exports.local_team'), t('exports.visiting_team'),
      t('exports.result'), t('exports.bet'), t('exports.joker'), t('exports.late_entry'), t('exports.points')],
    ...bets.map((b) => [
      b.member, Number(b.matchday), new Date(Number(b.date)).toISOString().slice(0, 16).replace('T', ' '),
      b.local_team ?? b.local_placeholder, b.visiting_team ?? b.visiting_placeholder,
      Number(b.finished) === 1 ? score(b.result_local, b.result_visiting) : null, score(b.local_goals, b.visiting_goals),
      Number(b.joker) === 1 ? yes : null, Number(b.late_entry) === 1 ? yes : null, b.points === null ? null : Number(b.points),
    ]),
  ];
}

/** Round picks, top-scorer picks and bonus answers: the rest of a finished league, for its owner. */
async function finishedLeagueBlocks(deps: AppDeps, leagueId: number, t: Translate): Promise<Block[]> {
  const [rounds, people, answers] = await Promise.all([
    repo.leagueRoundPicks(deps.db, leagueId), repo.leaguePersonPicks(deps.db, leagueId), repo.leagueBonusAnswers(deps.db, leagueId, deps.clock.now()),
  ]);
  const points = (p: number | null) => (p === null ? null : Number(p));
  const picks = (rows: typeof rounds, choice: string): Block => (rows.length === 0 ? [] : [
    [t('exports.member'), t('exports.round'), choice, t('exports.points')],
    ...rows.map((r) => [r.member, r.round, r.choice, points(r.points)]),
  ]);
  return [
    picks(rounds, t('exports.team')),
    picks(people, t('exports.person')),
    answers.length === 0 ? [] : [
      [t('exports.question'), t('exports.member'), t('exports.answer'), t('exports.points')],
      ...answers.map((a) => [a.question, a.member, a.answer, points(a.points)]),
    ],
  ];
}

/**
 * The league as CSV for a member (or a global admin): the table, then every bet already shown. Once the competition
 * has ended, its owner's file also holds every pick and bonus answer (everything is shown by then).
 */
export async function leagueCsv(deps: AppDeps, user: AuthUser, leagueId: number, t: Translate): Promise<{ name: string; csv: string }> {
  const league = await requireLeagueAccess(deps.db, leagueId, user);
  const owner = await deps.db.selectFrom('leagues').select('owner_id').where('id', '=', leagueId).executeTakeFirst();
  const whole = league.competition_finished === 1 && Number(owner?.owner_id) === user.id;
  const blocks = [await tableBlock(deps, user, league, t), await betsBlock(deps, leagueId, t)];
  if (whole) blocks.push(...await finishedLeagueBlocks(deps, leagueId, t));
  return { name: league.name, csv: csvDocument(blocks) };
}
