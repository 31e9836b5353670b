import assert from 'node:assert/strict';
import { seriousViolations } from './accessibility';
import { newVisitor, screenshots, settle } from './browser';
import { eventually, signIn, type World } from './scenarios';

type TableRow = { user_id: number; points: number; points_bonus: number };

/**
 * Issue 13 §5: a bonus question. Quim (a new player) owns a league on the demo cup and Rita joins it. Quim asks
 * "Who reaches the final?" (a choice) on the bonus questions page; Rita answers it on hers (phone width). The
 * deadline passes (moved through the API); Rita now sees the answers, Quim resolves with the right answer, and the
 * league table gives Rita the question's points; the league log records the resolution. axe on the page, both widths.
 */
export async function bonusQuestion(w: World): Promise<string> {
  const stamp = Date.now();
  const password = 'secret-pass-1';
  const account = async (name: string) => {
    const email = `${name.toLowerCase()}-${stamp}@e2e.test`;
    await w.api.call('POST', '/users', { locale: null, body: { api_v1_user: { name, email, password, password_confirmation: password } } });
    return { email, ...(await w.api.signIn(email, password)) };
  };
  const quim = await account('Quim');
  const rita = await account('Rita');
  const competitions = await w.api.call<Array<{ id: number; finished: boolean; is_league: boolean }>>('GET', '/competition/index');
  const cup = competitions.find((competition) => !competition.finished && !competition.is_league) ?? competitions[0];
  const { league } = await w.api.call<{ league: { id: number; share_token: string } }>('POST', '/leagues', {
    token: quim.token, body: { league: { name: `Bonus league ${stamp}`, competition_id: cup.id } },
  });
  await w.api.call('POST', '/leagues/join', { token: rita.token, body: { league_id: league.id, invitation_token: league.share_token } });

  const owner = await newVisitor(w.browser, w.origin);
  await signIn(w, owner.page, 'Quim', quim.email, password);
  await owner.page.goto(`/leagues/${league.id}/bonus`);
  await owner.page.getByRole('heading', { level: 1, name: 'Bonus questions' }).waitFor();
  const form = owner.page.getByRole('region', { name: 'Ask a question' });
  await form.getByRole('textbox', { name: 'Question' }).fill('Who reaches the final?');
  await form.getByRole('combobox', { name: 'Kind of answer' }).click();
  await owner.page.getByRole('option', { name: 'One of some options' }).click();
  await form.getByRole('textbox', { name: 'Options' }).fill('Spain\nBrazil\nJapan');
  await form.getByRole('spinbutton', { name: 'Points' }).fill('7');
  await form.getByRole('button', { name: 'Add question' }).click();
  const ownerCard = owner.page.getByRole('region', { name: 'Who reaches the final?' });
  await ownerCard.waitFor();
  await screenshots(owner.page, 'bonus-owner');
  const [question] = await w.api.call<Array<{ id: number; points: number }>>('GET', `/bonus_questions/index/${league.id}`, { token: quim.token });
  assert.equal(question.points, 7);

  const member = await newVisitor(w.browser, w.origin);
  await member.page.setViewportSize({ width: 360, height: 740 });
  await signIn(w, member.page, 'Rita', rita.email, password);
  await member.page.goto(`/leagues/${league.id}`);
  await member.page.getByRole('link', { name: 'Bonus questions' }).click();
  const card = member.page.getByRole('region', { name: 'Who reaches the final?' });
  await card.getByRole('combobox', { name: 'Your answer' }).click();
  await member.page.getByRole('option', { name: 'Japan' }).click();
  await card.getByRole('button', { name: 'Save answer' }).click();
  await eventually(async () => {
    const [mine] = await w.api.call<Array<{ my_answer: unknown }>>('GET', `/bonus_questions/index/${league.id}`, { token: rita.token });
    assert.deepEqual(mine.my_answer, { choice: 'Japan' });
  });
  const found: string[] = [];
  for (const width of [360, 1280]) {
    await member.page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    found.push(...(await seriousViolations(member.page, 'bonus questions', width)).serious);
  }
  await screenshots(member.page, 'bonus-member');

  // The deadline passes: moved a moment ahead through the API, then waited for.
  await w.api.call('PUT', `/bonus_questions/${question.id}`, { token: quim.token, body: { question: { deadline: new Date(Date.now() + 1500).toISOString() } } });
  await new Promise((done) => setTimeout(done, 2000));
  await owner.page.reload();
  await ownerCard.getByRole('list', { name: 'Answers' }).getByText('Japan').waitFor();
  await ownerCard.getByRole('combobox', { name: 'Right answer 1' }).click();
  await owner.page.getByRole('option', { name: 'Japan' }).click();
  await ownerCard.getByRole('button', { name: 'Resolve' }).click();
  await ownerCard.getByText('Resolved').waitFor();
  found.push(...(await seriousViolations(owner.page, 'bonus questions (resolved)', 1280)).serious);

  const table = await eventually(async () => {
    const read = await w.api.call<{ users: TableRow[] }>('GET', `/leagues/users_league_table/${league.id}`, { token: rita.token });
    const row = read.users.find((user) => user.user_id === rita.id)!;
    assert.equal(row.points_bonus, 7);
    return read;
  });
  assert.equal(table.users[0].user_id, rita.id);
  await member.page.goto(`/leagues/${league.id}/log`);
  await member.page.getByText('Bonus question resolved').waitFor();
  await settle(member.page);
  await screenshots(member.page, 'league-log');
  await owner.context.close();
  await member.context.close();
  assert.deepEqual(found, [], `serious axe violations:\n${found.join('\n')}`);
  return 'Rita got the 7 points of the question, first in the table; the log shows the resolution';
}
