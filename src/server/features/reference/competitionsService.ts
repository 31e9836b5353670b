import type { ClassificationRow } from '../../../shared/api/routes/competitions';
import type { Competition, LeagueRule, Round, Scorer } from '../../../shared/api/entities';
import { classify } from '../../../shared/domain/classification';
import { KNOCKOUT_ORDER, ROUND } from '../../../shared/domain/rounds';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors/errors';
import * as repo from '../../domain/competitions/competitionsRepository';
import { catalogueRound, toCompetition } from '../../domain/competitions/referenceMapping';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/domain/locales';

/** Rounds whose picks are scored on the whole competition (final table, scorers), not on who plays a round. */
const WHOLE_COMPETITION_ROUNDS: readonly number[] = [ROUND.CHAMPION, ROUND.TOP_SCORER];
const LEAGUE_TABLE_ROUNDS: readonly number[] = [ROUND.EUROPEAN_PLACES, ROUND.RELEGATION, ROUND.LEAGUE_CHAMPION];

export async function requireCompetition(deps: AppDeps, id: number): Promise<repo.CompetitionRow> {
  const row = await repo.findCompetition(deps.db, id);
  if (!row) throw notFound('errors.competition_not_found');
  return row;
}

export async function listCompetitions(deps: AppDeps, activeOnly: boolean): Promise<Competition[]> {
  return (await repo.listCompetitions(deps.db, { activeOnly })).map(toCompetition);
}

export async function showCompetition(deps: AppDeps, id: number): Promise<Competition> {
  return toCompetition(await requireCompetition(deps, id));
}

export async function competitionLeagueRules(deps: AppDeps, id: number): Promise<LeagueRule[]> {
  await requireCompetition(deps, id);
  return repo.listLeagueRules(deps.db, { competitionId: id });
}

export async function classification(deps: AppDeps, id: number): Promise<ClassificationRow[]> {
  const competition = await requireCompetition(deps, id);
  const rows = await repo.classificationEntries(deps.db, competition);
  return classify(rows.map((r) => ({
    teamId: r.team_id,
    teamName: r.team_name,
    groupId: r.group_id,
    groupName: r.group_name,
    result: r.match_id === null || r.local_goals === null || r.visiting_goals === null ? null : {
      matchId: r.match_id,
      date: Number(r.date),
      goalsFor: r.local_team_id === r.team_id ? r.local_goals : r.visiting_goals,
      goalsAgainst: r.local_team_id === r.team_id ? r.visiting_goals : r.local_goals,
    },
  })));
}

/** The champion pick round (Champion for cups, League champion for leagues), when the competition has a rule for it. */
export async function winnerRound(deps: AppDeps, id: number, locale: Locale = DEFAULT_LOCALE): Promise<Round | null> {
  const competition = await requireCompetition(deps, id);
  const roundId = competition.competition_type === 'league' ? ROUND.LEAGUE_CHAMPION : ROUND.CHAMPION;
  return (await repo.hasLeagueRule(deps.db, id, roundId)) ? catalogueRound(roundId, locale) : null;
}

/** The first knockout round, in playing order, whose first match has not kicked off. */
export async function nextRound(deps: AppDeps, id: number, locale: Locale = DEFAULT_LOCALE): Promise<Round | null> {
  await requireCompetition(deps, id);
  const starts = await repo.knockoutRoundStarts(deps.db, id);
  const now = deps.clock.now();
  for (const roundId of KNOCKOUT_ORDER) {
    const start = starts.find((s) => s.roundId === roundId);
    if (start && !start.anyStarted && start.firstDate > now) return catalogueRound(roundId, locale);
  }
  return null;
}

export async function scorers(deps: AppDeps, id: number): Promise<Scorer[]> {
  await requireCompetition(deps, id);
  return repo.listScorers(deps.db, id);
}

export async function availableTeamIds(deps: AppDeps, id: number, roundId: number): Promise<number[]> {
  const competition = await requireCompetition(deps, id);
  if (!catalogueRound(roundId)) throw notFound('errors.round_not_found');
  const wholeCompetition = WHOLE_COMPETITION_ROUNDS.includes(roundId)
    || (competition.competition_type === 'league' && LEAGUE_TABLE_ROUNDS.includes(roundId));
  return wholeCompetition ? repo.competitionTeamIds(deps.db, id) : repo.teamIdsOfRound(deps.db, id, roundId);
}
