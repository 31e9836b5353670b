import { ROUND } from '../../../shared/domain/rounds';
import { translate, type MessageKey } from '../../platform/i18n/messages';
import { ROUND_NAMES } from '../../../shared/domain/roundNames';
import { createCup } from '../../testing/competitionFixture';
import { call, describeEachDb } from '../../testing/harness';

const DAY = 24 * 3_600_000;

describeEachDb('reference names in the caller\'s language', (ctx) => {
  const get = (locale: 'en' | 'es', url: string) => call(ctx().app, { method: 'GET', url: `/api/v1/${locale}${url}` });

  async function cupWithNationalTeams() {
    const cup = await createCup(ctx().deps.db, { start: ctx().clock.now() + DAY });
    // Two national teams (stored with their English names, as the data sources send them) and a club.
    await ctx().deps.db.updateTable('teams').set({ team_name: 'Germany' }).where('id', '=', cup.teamIds[0]).execute();
    await ctx().deps.db.updateTable('teams').set({ team_name: 'Spain' }).where('id', '=', cup.teamIds[1]).execute();
    await ctx().deps.db.updateTable('teams').set({ team_name: 'Real Madrid CF' }).where('id', '=', cup.teamIds[2]).execute();
    return cup;
  }

  it('names national teams in Spanish under /es and in English under /en, clubs unchanged, each list cached per language', async () => {
    const cup = await cupWithNationalTeams();
    for (const url of [`/teams/index/${cup.competitionId}`, '/teams/index']) {
      // Twice each: the second answer comes from the reference cache, which must not mix languages.
      for (let pass = 0; pass < 2; pass++) {
        const es = await get('es', url);
        const en = await get('en', url);
        const nameOf = (list: Array<{ id: number; team_name: string }>, id: number) => list.find((team) => team.id === id)?.team_name;
        expect([nameOf(es.data, cup.teamIds[0]), nameOf(es.data, cup.teamIds[1]), nameOf(es.data, cup.teamIds[2])]).toEqual(['Alemania', 'España', 'Real Madrid CF']);
        expect([nameOf(en.data, cup.teamIds[0]), nameOf(en.data, cup.teamIds[1]), nameOf(en.data, cup.teamIds[2])]).toEqual(['Germany', 'Spain', 'Real Madrid CF']);
        // Listed in the alphabetical order of the names shown.
        const names = es.data.map((team: { team_name: string }) => team.team_name);
        expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
      }
    }
  });

  it('names groups and catalogue rounds in the caller\'s language', async () => {
    const cup = await cupWithNationalTeams();
    expect((await get('es', `/groups/index/${cup.competitionId}`)).data.map((group: { name: string }) => group.name)).toEqual(['Grupo A', 'Grupo B']);
    expect((await get('en', `/groups/index/${cup.competitionId}`)).data.map((group: { name: string }) => group.name)).toEqual(['Group A', 'Group B']);
    expect((await get('es', `/groups/${cup.groupIds[0]}`)).data.name).toBe('Grupo A');
    expect((await get('es', `/rounds/${ROUND.ROUND_OF_16}`)).data.name).toBe('Octavos de final');
    expect((await get('en', `/rounds/${ROUND.ROUND_OF_16}`)).data.name).toBe('Round of 16');
    const esRounds = (await get('es', '/rounds/index')).data as Array<{ id: number; name: string }>;
    expect(esRounds.find((round) => round.id === ROUND.GROUP_STAGE)?.name).toBe('Fase de grupos');
    const winner = await get('es', `/competition/winner_round/${cup.competitionId}`);
    if (winner.data) expect(winner.data.name).toBe('Campeón');
  });

  it('keeps the server\'s messages for rounds (alerts) equal to the shared names', () => {
    for (const locale of ['en', 'es'] as const) {
      for (const [id, name] of Object.entries(ROUND_NAMES[locale])) expect(translate(locale, `round.${id}` as MessageKey)).toBe(name);
    }
  });
});
