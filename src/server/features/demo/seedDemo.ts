import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../platform/deps';
import type { Executor } from '../../platform/db/database';
import { createCompetitionPartitions } from '../../platform/db/competitionPartitions';
import { defaultPickRules } from '../../../shared/domain/leagueRules';
import { ROUND } from '../../../shared/domain/rounds';
import { normaliseSearchText } from '../../../shared/domain/text';
import { findNationalTeam } from '../../../shared/domain/teams';
import { hashPassword } from '../../platform/sessions/passwords';
import { serializeHeldResult } from '../../domain/competitions/heldResult';
import {
  insertDefaultRules, linkCompetitionPeople, linkCompetitionTeams, upsertGroups, upsertMatches, upsertPeople, upsertTeams,
} from '../../domain/competitions/importRepository';
import { revealDueResults } from '../../domain/competitionUpdates/reveal';
import { recomputeCompetition } from '../../domain/rescoring/recompute';
import { simTeams } from '../../domain/competitions/advanceKnockout';
import { simulateMatch } from '../../domain/competitions/demoResults';
import { DEMO_ADMIN, seedDemoLeague } from './demoLeague';
import { groupName, planDemoCup } from './demoSchedule';
import { DEMO_GROUPS } from '../../domain/competitions/demoTeams';

const DEMO_COMPETITION_KEY = 'demo:world-cup';
const DEMO_PASSWORD = 'porra-demo';

/** Where the demo admin's one-time password goes: a plain line of the start output. */
type PrintLine = (line: string) => void;

/**
 * The start output beside the log, on stdout: not through the logger, which writes JSON lines when the output is a
 * file (`npm start > log`) and coloured lines on a terminal; this line reads the same in both, whatever LOG_LEVEL says.
 */
const toStartOutput: PrintLine = (line) => { process.stdout.write(`${line}\n`); };

/**
 * Seeds the playable demo (a cup placed around now, demo users, a league with bets, results that keep arriving) on an empty database: no competitions and no users. Running it again,
 * or on a database someone already uses, does nothing. Returns whether it seeded.
 */
export async function seedDemoIfEmpty(deps: AppDeps, print: PrintLine = toStartOutput): Promise<boolean> {
  if (!(await isEmpty(deps.db))) return false;
  // One hash for every demo player: their password is public and scrypt is slow on purpose. The admin's password
  // is never published: a random one, printed once below.
  const adminPassword = randomBytes(12).toString('base64url');
  const passwordHashes = {
    players: await hashPassword(DEMO_PASSWORD, deps.config.scryptCost),
    admin: await hashPassword(adminPassword, deps.config.scryptCost),
  };
  const now = deps.clock.now();
  let competitionId: number;
  try {
    competitionId = await deps.db.transaction().execute(async (trx) => {
      const id = await seedDemoCup(trx, now);
      await seedDemoLeague(trx, id, now, passwordHashes);
      await revealDueResults(trx, now, id);
      await recomputeCompetition(trx, id);
      return id;
    });
  } catch (error) {
    // Several server processes starting on one empty PostgreSQL: one seeds, the others' unique keys collide.
    if (!(await isEmpty(deps.db))) return false;
    throw error;
  }
  deps.log.info({ competitionId }, `demo seeded: sign in as ana@porra.demo / ${DEMO_PASSWORD}`);
  // Only the process that seeded prints it, and only now; the log keeps no password.
  print(`DEMO ADMIN ACCOUNT: ${DEMO_ADMIN.email} / password ${adminPassword} (shown only this once; `
    + `set another with: npm run porra -- reset-password --email ${DEMO_ADMIN.email})`);
  return true;
}

async function isEmpty(db: Executor): Promise<boolean> {
  const [competitions, users] = await Promise.all([
    db.selectFrom('competitions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return Number(competitions.n) === 0 && Number(users.n) === 0;
}

async function seedDemoCup(trx: Executor, now: number): Promise<number> {
  const { id: competitionId } = await trx.insertInto('competitions').values({
    name: 'Demo World Cup', competition_type: 'cup', provider: 'demo', provider_ref: null,
    external_key: DEMO_COMPETITION_KEY, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  await createCompetitionPartitions(trx, competitionId);

  const teams = DEMO_GROUPS.flatMap((g) => g.teams).map((t) => {
    const national = findNationalTeam(t.fifa)!;
    return { key: `nt:${t.fifa}`, name: national.name, abbreviation: t.fifa, flag: national.flag, isFlag: true, colors: national.colors };
  });
  const teamIds = await upsertTeams(trx, teams);
  await linkCompetitionTeams(trx, competitionId, [...teamIds.values()]);
  const groupIds = await upsertGroups(trx, competitionId, DEMO_GROUPS.map((g) => ({
    name: g.name, teamIds: g.teams.map((t) => teamIds.get(`nt:${t.fifa}`)!),
  })));
  const people = DEMO_GROUPS.flatMap((g) => g.teams).flatMap((t) => t.players.map((name) => ({
    key: `nt:${t.fifa}|${normaliseSearchText(name)}`, name, teamKey: `nt:${t.fifa}`,
  })));
  const personIds = await upsertPeople(trx, people, teamIds);
  await linkCompetitionPeople(trx, competitionId, people.map((p) => personIds.get(p.key)!));

  const sim = await simTeams(trx, competitionId);
  const teamOf = (group: number, index: number) => teamIds.get(`nt:${DEMO_GROUPS[group].teams[index].fifa}`)!;
  await upsertMatches(trx, planDemoCup(now).map((m) => {
    const local = m.group !== null ? teamOf(m.group, m.local!) : null;
    const visiting = m.group !== null ? teamOf(m.group, m.visiting!) : null;
    return {
      competition_id: competitionId, external_key: `demo:${m.number}`, round_id: m.roundId, matchday: m.matchday,
      group_id: m.group !== null ? groupIds.get(groupName(m.group))! : null,
      local_team_id: local, visiting_team_id: visiting,
      local_placeholder: m.localPlaceholder, visiting_placeholder: m.visitingPlaceholder, date: m.date, updated_at: now,
      // Every group result exists from the start; the replay plays it out from kickoff (replayTimeline.ts).
      held_result: local && visiting ? serializeHeldResult(simulateMatch(sim(local), sim(visiting), m.number, false)) : null,
    };
  }));
  await insertDefaultRules(trx, competitionId, defaultPickRules('cup', {
    [ROUND.ROUND_OF_16]: 16, [ROUND.QUARTER_FINALS]: 8, [ROUND.SEMI_FINALS]: 4, [ROUND.FINAL]: 2,
  }));
  return competitionId;
}
