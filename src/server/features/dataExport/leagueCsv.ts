import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import type { Translate } from '../../platform/i18n/messages';
import { forEachBatch } from '../../platform/db/rowBatches';
import { TextStream } from '../../platform/http/textStream';
import { requireLeagueAccess } from '../../domain/leagues/leagueAccess';
import type { LeagueAccessRow } from '../../domain/leagues/leagueRows';
import { rankLeagueTable, storedStandings } from '../../domain/standings/leagueTable';
import { isPagedTable, storedLeagueTable } from '../../domain/standings/storedTable';
import { CsvDocument, type CsvCell } from './csv';
import * as repo from './dataExportRepository';
import { takeExportSlot } from './exportSlot';

/** Rows read (and written) at a time: a few hundred KB of text, whatever the league's size. */
const BATCH_ROWS = 2_000;
/** A download that reads nothing for this long is dropped, and with it the database cursor and the export slot. */
const EXPORT_STALL_MS = 60_000;

type Row = readonly CsvCell[];
type TableRow = Awaited<ReturnType<typeof rankLeagueTable>>['users'][number];

const score = (local: number | null, visiting: number | null) =>
  local === null || visiting === null ? null : `${Number(local)}-${Number(visiting)}`;
const points = (p: number | null) => (p === null ? null : Number(p));

const tableCells = (u: TableRow): Row => [u.position, u.user_name, u.department, u.points, u.points_league, u.points_rounds,
  u.points_people, u.points_bonus, u.exact_hits, u.goal_difference_hits, u.tendency_hits, u.matchday_wins];

/**
 * The table as the table screen ranks it. A big league's is read a page at a time from its stored ranked rows
 * (domain/standings/storedTable.ts), so the export holds one page in memory whatever the league's size; a small
 * one is ranked whole.
 */
async function writeTable(deps: AppDeps, user: AuthUser, league: LeagueAccessRow, doc: CsvDocument, t: Translate): Promise<void> {
  const rows = doc.block([t('exports.position'), t('exports.member'), t('exports.department'), t('exports.points'), t('exports.points_league'),
    t('exports.points_rounds'), t('exports.points_people'), t('exports.points_bonus'), t('exports.exact_hits'),
    t('exports.goal_difference_hits'), t('exports.tendency_hits'), t('exports.matchday_wins')]);
  if (!(await isPagedTable(deps, league))) {
    const table = await rankLeagueTable(deps, user, league, undefined, await storedStandings(deps, league));
    await rows(table.users.map(tableCells));
    return;
  }
  for (let offset = 0; ; offset += BATCH_ROWS) {
    const page = await storedLeagueTable(deps, league, user, { page: { offset, limit: BATCH_ROWS } });
    await rows(page.users.map(tableCells));
    if (offset + BATCH_ROWS >= page.total_users) return;
  }
}

/** Every real bet on a match whose bets are shown, read and written a batch at a time. */
async function writeBets(deps: AppDeps, league: LeagueAccessRow, doc: CsvDocument, t: Translate): Promise<void> {
  const yes = t('exports.yes');
  const rows = doc.block([t('exports.member'), t('exports.matchday'), t('exports.kickoff'), t('exports.local_team'), t('exports.visiting_team'),
    t('exports.result'), t('exports.bet'), t('exports.joker'), t('exports.late_entry'), t('exports.points')]);
  await forEachBatch(deps.db, deps.dialect, repo.shownLeagueBets(deps.db, league, deps.clock.now()), BATCH_ROWS, (bets) => rows(bets.map((b) => [
    b.member, Number(b.matchday), new Date(Number(b.date)).toISOString().slice(0, 16).replace('T', ' '),
    b.local_team ?? b.local_placeholder, b.visiting_team ?? b.visiting_placeholder,
    Number(b.finished) === 1 ? score(b.result_local, b.result_visiting) : null, score(b.local_goals, b.visiting_goals),
    Number(b.joker) === 1 ? yes : null, Number(b.late_entry) === 1 ? yes : null, points(b.points),
  ])));
}

/** Round picks, top-scorer picks and bonus answers: the rest of a finished league, for its owner. */
async function writeFinishedLeague(deps: AppDeps, leagueId: number, doc: CsvDocument, t: Translate): Promise<void> {
  const { db, dialect } = deps;
  type Pick = { member: string; round: string; choice: string; points: number | null };
  const pickRows = (choice: string) => {
    const rows = doc.block([t('exports.member'), t('exports.round'), choice, t('exports.points')]);
    return (picks: Pick[]) => rows(picks.map((r) => [r.member, r.round, r.choice, points(r.points)]));
  };
  await forEachBatch(db, dialect, repo.leagueRoundPicks(db, leagueId), BATCH_ROWS, pickRows(t('exports.team')));
  await forEachBatch(db, dialect, repo.leaguePersonPicks(db, leagueId), BATCH_ROWS, pickRows(t('exports.person')));
  const answers = doc.block([t('exports.question'), t('exports.member'), t('exports.answer'), t('exports.points')]);
  await forEachBatch(db, dialect, repo.leagueBonusAnswers(db, leagueId, deps.clock.now()), BATCH_ROWS,
    (rows) => answers(rows.map((a) => [a.question, a.member, a.answer, points(a.points)])));
}

/**
 * The league as CSV for a member (or a global admin): the table, then every bet already shown. Once the competition
 * has ended, its owner's file also holds every pick and bonus answer (everything is shown by then). The file is
 * streamed: each block is read a batch at a time and written as read, the reading waiting for the download
 * (back-pressure), so a league of any size costs the process the same few hundred KB. One league export runs at a
 * time per process (503 otherwise); who may read the league is checked before anything is sent.
 */
export async function leagueCsv(deps: AppDeps, user: AuthUser, leagueId: number, t: Translate): Promise<{ name: string; stream: TextStream }> {
  const league = await requireLeagueAccess(deps.db, leagueId, user);
  const owner = await deps.db.selectFrom('leagues').select('owner_id').where('id', '=', leagueId).executeTakeFirst();
  const whole = league.competition_finished === 1 && Number(owner?.owner_id) === user.id;
  const release = takeExportSlot(deps);
  const stream = new TextStream(EXPORT_STALL_MS);
  const doc = new CsvDocument(stream);
  void (async () => {
    await doc.begin();
    await writeTable(deps, user, league, doc, t);
    await writeBets(deps, league, doc, t);
    if (whole) await writeFinishedLeague(deps, leagueId, doc, t);
  })().then(() => stream.finish(), (error: unknown) => {
    deps.log.warn({ err: error, leagueId }, 'a league CSV export stopped before its end');
    stream.destroy(error as Error);
  }).finally(release);
  return { name: league.name, stream };
}
