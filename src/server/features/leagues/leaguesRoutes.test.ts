import { ROUND } from '../../../shared/domain/rounds';
import { call, describeEachDb } from '../../testing/harness';
import { recomputeAfterResults } from '../../domain/rescoring/recompute';
import { CUP_START, api, createLeague, leagueWithMember, leagueWorld } from './testing/leagueTestKit';
import { betsWithPoints } from '../../testing/standingsReads';
import { withMatchCompetitions } from '../../testing/betCompetitions';

describeEachDb('league settings: create, update, delete', (ctx) => {
  it('creates a league with defaults; the creator is owner and first member', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const res = await call(t.app, {
      method: 'POST', url: api('/leagues', 'es'), token: w.owner.token,
      payload: { league: { name: '  Peña   Atlética ', competition_id: w.cup.competitionId } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.data.message).toBe('Liga creada');
    const league = res.data.league;
    expect(league).toMatchObject({
      name: 'Peña Atlética', competition_id: w.cup.competitionId, selected_team_ids: [], bets_system: 'exact',
      points_system: 'winner_and_goals', playoff_results_points: true, round_bets_enabled: true, person_bets_enabled: true,
      allow_invite: false, allow_join: false, editable_after_start: false, start_matchday: 1, knockout_basis: 'regular',
      owner_id: w.owner.id, owner_name: 'Olga Owner', members_count: 1, is_member: true, department: null,
      editable: true, finished: false,
      competition: { id: w.cup.competitionId, name: 'Test Cup', finished: false, is_league: false },
    });
    expect(league.share_token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const row = await t.deps.db.selectFrom('leagues').select('name_normalized').where('id', '=', league.id).executeTakeFirstOrThrow();
    expect(row.name_normalized).toBe('pena atletica');
    const members = await call(t.app, { method: 'GET', url: api(`/leagues/leagues_users/${league.id}`), token: w.owner.token });
    expect(members.data).toEqual([expect.objectContaining({ user_id: w.owner.id, user_name: 'Olga Owner', is_owner: true, department: null })]);
  });

  it('keeps the settings it is given and the selected teams of the competition', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await createLeague(t, w.owner, {
      name: 'Sign league', competition_id: w.cup.competitionId, bets_system: 'sign', points_system: 'winner',
      selected_team_ids: [w.cup.teamIds[2], w.cup.teamIds[0], w.cup.teamIds[2]], allow_join: true, knockout_basis: 'extra_time',
      round_bets_enabled: false,
    });
    expect(league).toMatchObject({
      bets_system: 'sign', points_system: 'winner', selected_team_ids: [w.cup.teamIds[0], w.cup.teamIds[2]],
      allow_join: true, knockout_basis: 'extra_time', round_bets_enabled: false,
    });
  });

  it('starts a league competition at the next matchday not yet started', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const now = t.clock.now();
    const { id: competitionId } = await t.deps.db.insertInto('competitions')
      .values({ name: 'Liga', competition_type: 'league', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    const [home, away] = w.cup.teamIds;
    for (const [matchday, date] of [[1, now - 86_400_000], [2, now - 3_600_000], [2, now + 3_600_000], [3, now + 86_400_000]]) {
      await t.deps.db.insertInto('matches').values({
        competition_id: competitionId, round_id: ROUND.REGULAR_SEASON, matchday, local_team_id: home, visiting_team_id: away, date, updated_at: now,
      }).execute();
    }
    const league = await createLeague(t, w.owner, { name: 'Liga porra', competition_id: competitionId });
    expect(league).toMatchObject({ start_matchday: 3, competition: { is_league: true } });
    const chosen = await createLeague(t, w.owner, { name: 'From the start', competition_id: competitionId, start_matchday: 1 });
    expect(chosen.start_matchday).toBe(1);
  });

  it('refuses teams of another competition, an unknown competition and a finished one, creating nothing', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const stranger = await t.deps.db.insertInto('teams').values({ team_name: 'Elsewhere', abbreviation: 'ELS', flag: null, external_key: null })
      .returning('id').executeTakeFirstOrThrow();
    const post = (league: Record<string, unknown>, locale: 'en' | 'es' = 'en') =>
      call(t.app, { method: 'POST', url: api('/leagues', locale), token: w.owner.token, payload: { league } });
    const wrongTeam = await post({ name: 'X', competition_id: w.cup.competitionId, selected_team_ids: [stranger.id] });
    expect(wrongTeam.statusCode).toBe(400);
    expect(wrongTeam.data.errors['league.selected_team_ids']).toEqual(['is not included in the list']);
    const noCompetition = await post({ name: 'X', competition_id: 999999 }, 'es');
    expect(noCompetition.statusCode).toBe(400);
    expect(noCompetition.data.error).toBe('La competición no existe');
    const blank = await post({ name: '   ', competition_id: w.cup.competitionId });
    expect(blank.statusCode).toBe(400);
    expect(blank.data.errors['league.name']).toEqual(["can't be blank"]);
    await t.deps.db.updateTable('competitions').set({ finished: 1 }).execute();
    const finished = await post({ name: 'X', competition_id: w.cup.competitionId }, 'es');
    expect(finished.statusCode).toBe(403);
    expect(finished.data.error).toBe('La liga ya ha terminado');
    const count = await t.deps.db.selectFrom('leagues').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('lets only the owner update, and never changes the competition', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await leagueWithMember(t, w);
    const put = (who: typeof w.owner, changes: Record<string, unknown>, locale: 'en' | 'es' = 'en') =>
      call(t.app, { method: 'PUT', url: api(`/leagues/${league.id}`, locale), token: who.token, payload: { league: changes } });
    const byMember = await put(w.member, { name: 'Hijacked' }, 'es');
    expect(byMember.statusCode).toBe(403);
    expect(byMember.data.error).toBe('No tienes permiso para hacer eso');
    const ok = await put(w.owner, { name: 'Renamed', bets_system: 'sign', selected_team_ids: [w.cup.teamIds[1]] });
    expect(ok.statusCode).toBe(200);
    expect(ok.data.message).toBe('Changes saved');
    expect(ok.data.league).toMatchObject({ name: 'Renamed', bets_system: 'sign', selected_team_ids: [w.cup.teamIds[1]], members_count: 2 });
    const other = await t.deps.db.insertInto('competitions')
      .values({ name: 'Other', competition_type: 'cup', created_at: 0, updated_at: 0 }).returning('id').executeTakeFirstOrThrow();
    const moved = await put(w.owner, { competition_id: other.id });
    expect(moved.statusCode).toBe(400);
    const same = await put(w.owner, { competition_id: w.cup.competitionId, name: 'Renamed again' });
    expect(same.statusCode).toBe(200);
    expect(same.data.league.competition_id).toBe(w.cup.competitionId);
  });

  it('freezes scoring settings at the first kickoff, except name and openness', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await leagueWithMember(t, w);
    t.clock.set(CUP_START);
    const put = (changes: Record<string, unknown>, locale: 'en' | 'es' = 'en') =>
      call(t.app, { method: 'PUT', url: api(`/leagues/${league.id}`, locale), token: w.owner.token, payload: { league: changes } });
    const frozen = await put({ bets_system: 'sign' }, 'es');
    expect(frozen.statusCode).toBe(403);
    expect(frozen.data.error).toBe('La competición ha empezado: los ajustes de puntuación están congelados, porque cambiarlos cambiaría puntos ya '
      + 'ganados (el nombre, la descripción, las invitaciones, la entrada libre y los bots aún se pueden cambiar)');
    // A frozen setting sent beside editable ones refuses the whole change: the name stays too.
    const mixed = await put({ name: 'Sneaky', jokers: { count: 1, multiplier: 2 } });
    expect(mixed.statusCode).toBe(403);
    expect(mixed.data.error).toMatch(/^The competition has started: the scoring settings are frozen/);
    expect((await put({ editable_after_start: true })).statusCode).toBe(403);
    expect((await put({ start_matchday: 2 })).statusCode).toBe(403);
    const open = await put({ name: 'Still mine', description: '  Winner pays dinner.\n', allow_join: true, allow_invite: true, bots: 'forbidden', bets_system: 'exact' });
    expect(open.statusCode).toBe(200);
    expect(open.data.league).toMatchObject({
      name: 'Still mine', description: 'Winner pays dinner.', allow_join: true, allow_invite: true, bots: 'forbidden', bets_system: 'exact', editable: false,
    });
    // An emptied description is none; a too long one is refused like any bad field.
    expect((await put({ description: '   ' })).data.league.description).toBeNull();
    expect((await put({ description: 'x'.repeat(501) })).statusCode).toBe(400);
    const row = await t.deps.db.selectFrom('leagues').select(['bets_system', 'name']).where('id', '=', league.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ bets_system: 'exact', name: 'Still mine' });
  });

  it('keeps settings editable after the start when editable_after_start', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await leagueWithMember(t, w, { editable_after_start: true });
    t.clock.set(CUP_START + 60_000);
    const res = await call(t.app, {
      method: 'PUT', url: api(`/leagues/${league.id}`), token: w.owner.token, payload: { league: { points_system: 'winner' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.data.league).toMatchObject({ points_system: 'winner', editable: true });
  });

  it('rescores played matches when settings change after the start', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await leagueWithMember(t, w, { editable_after_start: true });
    const matchId = w.cup.groupMatchIds[0];
    await t.deps.db.insertInto('result_bets').values(await withMatchCompetitions(t.deps.db, {
      league_id: league.id, user_id: w.member.id, match_id: matchId, local_goals: 2, visiting_goals: 1, updated_at: t.clock.now(),
    })).execute();
    t.clock.set(CUP_START + 3 * 3_600_000);
    await t.deps.db.updateTable('matches').set({ started: 1, finished: 1, status: 'finished', local_goals: 2, visiting_goals: 1 })
      .where('id', '=', matchId).execute();
    await recomputeAfterResults(t.deps.db, w.cup.competitionId, [matchId]);
    const points = async () => (await betsWithPoints(t.deps.db))[0].points;
    expect(await points()).toBe(5);
    const res = await call(t.app, {
      method: 'PUT', url: api(`/leagues/${league.id}`), token: w.owner.token, payload: { league: { points_system: 'winner' } },
    });
    expect(res.statusCode).toBe(200);
    expect(await points()).toBe(2);
  });

  it('refuses changes to a finished league', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await leagueWithMember(t, w);
    await t.deps.db.updateTable('competitions').set({ finished: 1 }).execute();
    const res = await call(t.app, { method: 'PUT', url: api(`/leagues/${league.id}`), token: w.owner.token, payload: { league: { name: 'Late' } } });
    expect(res.statusCode).toBe(403);
    expect(res.data.error).toBe('The league has already finished');
    const shown = await call(t.app, { method: 'GET', url: api(`/leagues/${league.id}`), token: w.member.token });
    expect(shown.data).toMatchObject({ finished: true, editable: false });
  });

  it('deletes a league with every bet in it (owner only)', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await leagueWithMember(t, w);
    await t.deps.db.insertInto('result_bets').values(await withMatchCompetitions(t.deps.db, {
      league_id: league.id, user_id: w.member.id, match_id: w.cup.groupMatchIds[0], local_goals: 1, visiting_goals: 1, updated_at: 0,
    })).execute();
    const byMember = await call(t.app, { method: 'DELETE', url: api(`/leagues/${league.id}`), token: w.member.token });
    expect(byMember.statusCode).toBe(403);
    const res = await call(t.app, { method: 'DELETE', url: api(`/leagues/${league.id}`, 'es'), token: w.owner.token });
    expect(res.statusCode).toBe(200);
    expect(res.data.message).toBe('Liga eliminada');
    const bets = await t.deps.db.selectFrom('result_bets').selectAll().execute();
    expect(bets).toEqual([]);
    const gone = await call(t.app, { method: 'GET', url: api(`/leagues/${league.id}`, 'es'), token: w.owner.token });
    expect(gone.statusCode).toBe(404);
    expect(gone.data.error).toBe('No se ha encontrado la liga');
  });
});

describeEachDb('league reads: index, show, members, rules', (ctx) => {
  it('lists the caller leagues, unfinished competitions first then by name', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const b = await createLeague(t, w.owner, { name: 'beta', competition_id: w.cup.competitionId });
    const a = await createLeague(t, w.owner, { name: 'Álfa', competition_id: w.cup.competitionId });
    const old = await t.deps.db.insertInto('competitions')
      .values({ name: 'Old Cup', competition_type: 'cup', created_at: 0, updated_at: 0 }).returning('id').executeTakeFirstOrThrow();
    const z = await createLeague(t, w.owner, { name: 'aaa old', competition_id: old.id });
    await t.deps.db.updateTable('competitions').set({ finished: 1 }).where('id', '=', old.id).execute();
    await createLeague(t, w.other, { name: 'not mine', competition_id: w.cup.competitionId });
    const res = await call(t.app, { method: 'GET', url: api('/leagues/index'), token: w.owner.token });
    expect(res.statusCode).toBe(200);
    expect(res.data.map((l: { id: number }) => l.id)).toEqual([a.id, b.id, z.id]);
    expect(res.data[2]).toMatchObject({ finished: true, competition: { finished: true } });
    const byCompetition = await call(t.app, { method: 'GET', url: api(`/leagues/index?competition_id=${old.id}`), token: w.owner.token });
    expect(byCompetition.data.map((l: { id: number }) => l.id)).toEqual([z.id]);
  });

  it('lists another user leagues only where the caller shares them (all of them for an admin)', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const shared = await leagueWithMember(t, w);
    const own = await createLeague(t, w.member, { name: 'Member only', competition_id: w.cup.competitionId });
    const asOwner = await call(t.app, { method: 'GET', url: api(`/leagues/index?user_id=${w.member.id}`), token: w.owner.token });
    expect(asOwner.data.map((l: { id: number }) => l.id)).toEqual([shared.id]);
    const asOther = await call(t.app, { method: 'GET', url: api(`/leagues/index?user_id=${w.member.id}`), token: w.other.token });
    expect(asOther.data).toEqual([]);
    const asAdmin = await call(t.app, { method: 'GET', url: api(`/leagues/index?user_id=${w.member.id}`), token: w.admin.token });
    expect(asAdmin.data.map((l: { id: number }) => l.id).sort()).toEqual([shared.id, own.id].sort());
    const unknown = await call(t.app, { method: 'GET', url: api('/leagues/index?user_id=999999', 'es'), token: w.owner.token });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.data.error).toBe('No se ha encontrado el usuario');
  });

  it('shows a league to members with the share token, to joinable non-members without it', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await leagueWithMember(t, w);
    const asMember = await call(t.app, { method: 'GET', url: api(`/leagues/${league.id}`), token: w.member.token });
    expect(asMember.data).toMatchObject({ id: league.id, is_member: true, share_token: league.share_token, members_count: 2 });
    const closed = await call(t.app, { method: 'GET', url: api(`/leagues/${league.id}`), token: w.other.token });
    expect(closed.statusCode).toBe(403);
    await t.deps.db.updateTable('leagues').set({ allow_join: 1 }).execute();
    const open = await call(t.app, { method: 'GET', url: api(`/leagues/${league.id}`), token: w.other.token });
    expect(open.statusCode).toBe(200);
    expect(open.data).toMatchObject({ is_member: false, share_token: null, department: null });
  });

  it('answers the active pick rules of the league', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const all = await createLeague(t, w.owner, { name: 'All', competition_id: w.cup.competitionId });
    const noRounds = await createLeague(t, w.owner, { name: 'No rounds', competition_id: w.cup.competitionId, round_bets_enabled: false });
    const noPeople = await createLeague(t, w.owner, { name: 'No people', competition_id: w.cup.competitionId, person_bets_enabled: false });
    const rounds = async (id: number) => {
      const res = await call(t.app, { method: 'GET', url: api(`/leagues/league_rules/${id}`), token: w.owner.token });
      return res.data.map((r: { round_id: number }) => r.round_id);
    };
    expect(await rounds(all.id)).toEqual([ROUND.SEMI_FINALS, ROUND.FINAL, ROUND.CHAMPION, ROUND.TOP_SCORER]);
    expect(await rounds(noRounds.id)).toEqual([ROUND.TOP_SCORER]);
    expect(await rounds(noPeople.id)).toEqual([ROUND.SEMI_FINALS, ROUND.FINAL, ROUND.CHAMPION]);
  });
});
