import assert from 'node:assert/strict';
import { seriousViolationsAt } from '../support/accessibility';
import { test } from '../support/fixtures';
import { newVisitor, screenshots, settle } from '../support/pages';
import { newPlayer, openCup, signIn } from '../support/players';
import { BOTH_WIDTHS, PHONE } from '../support/viewports';
import { eventually } from '../support/world';

test('who can still win: a member beaten on the only question left is shown out of the race, the winner as champion, in English and Spanish', async ({ world: w }) => {
  const owner = await newPlayer(w, 'Olga');
  const ana = await newPlayer(w, 'Ana');
  const bob = await newPlayer(w, 'Bob');
  // A league scored by bonus questions only: one question decides it.
  const cup = await openCup(w);
  const { league } = await w.api.call<{ league: { id: number; share_token: string } }>('POST', '/leagues', {
    token: owner.token,
    body: { league: { name: `Race ${w.stamp}`, competition_id: cup.id, bets_system: 'disabled', round_bets_enabled: false, person_bets_enabled: false } },
  });
  for (const member of [ana, bob]) {
    await w.api.call('POST', '/leagues/join', { token: member.token, body: { league_id: league.id, invitation_token: league.share_token } });
  }
  const deadline = Date.now() + 6000;
  const { question } = await w.api.call<{ question: { id: number } }>('POST', '/bonus_questions', {
    token: owner.token,
    body: { league_id: league.id, question: { text: 'Goals in the final?', kind: 'number', points: 10, deadline: new Date(deadline).toISOString() } },
  });
  await w.api.call('POST', '/bonus_questions/answer', { token: ana.token, body: { question_id: question.id, answer: { number: 3 } } });
  await w.api.call('POST', '/bonus_questions/answer', { token: bob.token, body: { question_id: question.id, answer: { number: 1 } } });
  await new Promise((resolve) => { setTimeout(resolve, Math.max(0, deadline - Date.now()) + 500); });
  await w.api.call('POST', '/bonus_questions/resolve', { token: owner.token, body: { question_id: question.id, correct: [{ number: 3 }] } });

  const en = await newVisitor(w);
  await signIn(w, en.page, 'Bob', bob.email, bob.password);
  await en.page.goto(`/leagues/${league.id}`);
  const race = en.page.getByRole('region', { name: 'Who can still win' });
  await race.getByRole('table').waitFor();
  await settle(en.page);
  const rowOf = (name: string) => race.getByRole('row').filter({ has: en.page.getByText(name, { exact: true }) });
  await eventually(async () => {
    assert.match(await rowOf('Bob').innerText(), /Out of the race/);
    assert.match(await rowOf('Ana').innerText(), /Champion/);
    assert.match(await rowOf('Ana').innerText(), /100%/);
  });
  assert.match(await race.innerText(), /share of 10,000 simulated finishes/);
  await race.scrollIntoViewIfNeeded();
  const found = await seriousViolationsAt(en.page, 'league page, who can still win', BOTH_WIDTHS);
  await screenshots(w, en.page, 'title-race');

  const es = await newVisitor(w, 'es-ES');
  await es.page.setViewportSize(PHONE);
  await signIn(w, es.page, 'Bob', bob.email, bob.password);
  await es.page.goto(`/leagues/${league.id}`);
  const carrera = es.page.getByRole('region', { name: 'Quién puede ganar todavía' });
  await carrera.getByRole('table').waitFor();
  await settle(es.page);
  await eventually(async () => {
    const bobRow = carrera.getByRole('row').filter({ has: es.page.getByText('Bob', { exact: true }) });
    assert.match(await bobRow.innerText(), /Sin opciones/);
  });
  assert.match(await carrera.innerText(), /finales simulados/);
  const overflow = await es.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `the page does not scroll sideways at phone width (${overflow} px)`);
  const clipped = await carrera.getByRole('table').evaluate((table) => table.scrollWidth - table.parentElement!.clientWidth);
  assert.ok(clipped <= 0, `the race table fits its card at phone width (${clipped} px too wide)`);
  found.push(...await seriousViolationsAt(es.page, 'league page in Spanish, who can still win', [PHONE.width]));
  await screenshots(w, es.page, 'title-race-es');
  assert.deepEqual(found, []);
});
