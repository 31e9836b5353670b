import assert from 'node:assert/strict';
import { seriousViolationsAt } from '../support/accessibility';
import { test } from '../support/fixtures';
import { newVisitor, screenshots, settle } from '../support/pages';
import { newLeague, newPlayer, signIn } from '../support/players';
import { BOTH_WIDTHS, PHONE } from '../support/viewports';
import { eventually } from '../support/world';

/*
 * The league board. Pia owns a league and Quim is in it; both have the league page open, Pia at desktop width in
 * English, Quim on a phone (390 px) in Spanish. Pia posts (with a link): Quim sees it arrive without reloading and
 * replies; Pia sees the reply arrive. Pia pins her post and Quim sees it pinned on top. axe on both pages.
 */
test('board: two members talk on the league board, live, and the pinned post shows for the other member', async ({ world: w }) => {
  const pia = await newPlayer(w, 'Pia');
  const quim = await newPlayer(w, 'Quim');
  const league = await newLeague(w, pia, 'Board league', [quim]);

  const owner = (await newVisitor(w)).page;
  await signIn(w, owner, 'Pia', pia.email, pia.password);
  await owner.goto(`/leagues/${league.id}`);
  const piaBoard = owner.getByRole('region', { name: 'Board', exact: true });
  await piaBoard.getByText('No posts yet. Say hello!').waitFor();

  const member = (await newVisitor(w, 'es-ES')).page;
  await member.setViewportSize(PHONE);
  await signIn(w, member, 'Quim', quim.email, quim.password);
  await member.goto(`/leagues/${league.id}`);
  const quimBoard = member.getByRole('region', { name: 'Tablón', exact: true });
  await quimBoard.getByText('Aún no hay mensajes. ¡Saluda!').waitFor();

  const text = `Welcome! Rules at https://example.com/porra-${w.stamp} <b>no markup</b>`;
  const field = piaBoard.getByRole('textbox', { name: 'Write a post' });
  await field.click();
  await field.fill(text);
  await piaBoard.getByRole('button', { name: 'Post', exact: true }).click();
  await owner.getByText('Posted', { exact: true }).waitFor();

  // Quim's page is told through the live stream: no reload.
  await quimBoard.getByText(/Welcome! Rules at/).waitFor();
  const link = quimBoard.getByRole('link', { name: `https://example.com/porra-${w.stamp}` });
  assert.equal(await link.getAttribute('rel'), 'noopener noreferrer nofollow ugc');
  assert.equal(await link.getAttribute('target'), '_blank');
  assert.equal(await quimBoard.locator('b').count(), 0, 'markup in a post stays text');
  await quimBoard.getByRole('group', { name: 'Acciones sobre el mensaje de Pia' }).getByRole('button', { name: 'Responder' }).click();
  const reply = quimBoard.getByRole('textbox', { name: 'Escribe una respuesta' });
  await reply.click();
  await reply.fill('¡Vamos, equipo!');
  await reply.locator('xpath=ancestor::form').getByRole('button', { name: 'Responder' }).click();
  await quimBoard.getByText('¡Vamos, equipo!').waitFor();

  await piaBoard.getByText('¡Vamos, equipo!').waitFor();
  await piaBoard.getByRole('group', { name: 'Actions on the post by Pia' }).getByRole('button', { name: 'Pin' }).click();
  await owner.getByText('Post pinned', { exact: true }).waitFor();
  await quimBoard.getByText('Fijado', { exact: true }).waitFor();

  const board = await eventually(() => w.api.call<{ pinned: { text: string; replies: { text: string }[] } | null }>(
    'GET', `/leagues/posts/${league.id}`, { token: quim.token },
  ));
  assert.equal(board.pinned?.text, text);
  assert.deepEqual(board.pinned?.replies.map((r) => r.text), ['¡Vamos, equipo!']);

  await settle(owner);
  await settle(member);
  const found = [
    ...await seriousViolationsAt(owner, 'league page, board', BOTH_WIDTHS),
    ...await seriousViolationsAt(member, 'league page, board (es, phone)', [PHONE.width]),
  ];
  await screenshots(w, owner, 'board');
  await screenshots(w, member, 'board-es');
  assert.deepEqual(found, [], `axe: ${found.join('; ')}`);
});
