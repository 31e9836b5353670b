import assert from 'node:assert/strict';
import type { Page } from '@playwright/test';
import { test } from '../support/fixtures';
import { newVisitor } from '../support/pages';
import { newLeague, newPlayer, signIn } from '../support/players';
import type { Person, World } from '../support/world';

/**
 * Leaving a league and deleting one: after confirming, the player lands on home with the removal's message and
 * nothing else (no "not allowed" page, no error about the league just removed).
 */

/** Records every snackbar entry the page shows from now on, as it last read (entries leave after a few seconds). */
async function recordEntries(page: Page): Promise<() => Promise<Array<{ status: string; text: string }>>> {
  await page.evaluate(() => {
    type Entry = { getAttribute(name: string): string | null; lastElementChild: { textContent: string | null } | null };
    const seen = new Map<Entry, { status: string; text: string }>();
    // An entry is its status icon, then its message.
    const look = () => document.querySelectorAll('[data-testid="notification"]').forEach((entry: Entry) => {
      seen.set(entry, { status: entry.getAttribute('data-status') ?? '', text: entry.lastElementChild?.textContent ?? '' });
    });
    new window.MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    (window as unknown as { seenEntries: () => unknown }).seenEntries = () => [...seen.values()];
  });
  return () => page.evaluate(() => (window as unknown as { seenEntries: () => Array<{ status: string; text: string }> }).seenEntries());
}

async function removeOnScreen(w: World, person: Person, leagueId: number, button: string, confirm: string) {
  const { page } = await newVisitor(w);
  await signIn(w, page, person.name, person.email, person.password);
  await page.goto(`/leagues/admin/${leagueId}`);
  await page.getByRole('button', { name: button }).click();
  const entries = await recordEntries(page);
  await page.getByRole('dialog').getByRole('button', { name: confirm, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('list', { name: 'My leagues' }).or(page.getByText('You are not in any league yet')).first().waitFor();
  // Long enough for any read of the league the screen still held to have come back and said so.
  await page.waitForTimeout(2000);
  assert.equal(new URL(page.url()).pathname, '/', 'the player stays on home');
  assert.equal(await page.getByText('You should not be here').count(), 0, 'no not-allowed page');
  return entries();
}

test('leaving a league and deleting one end on home with that one message', async ({ world: w }) => {
  const owner = await newPlayer(w, 'Olga');
  const member = await newPlayer(w, 'Mario');
  const shared = await newLeague(w, owner, 'Leave me', [member]);
  const doomed = await newLeague(w, owner, 'Delete me');

  const left = await removeOnScreen(w, member, shared.id, 'Leave the league', 'Leave');
  assert.deepEqual(left, [{ status: 'ok', text: 'You left the league' }]);
  const members = await w.api.call<Array<{ user_id: number }>>('GET', `/leagues/leagues_users/${shared.id}`, { token: owner.token });
  assert.ok(!members.some((row) => row.user_id === member.id), 'Mario is no longer a member');

  const deleted = await removeOnScreen(w, owner, doomed.id, 'Delete the league', 'Delete');
  assert.deepEqual(deleted, [{ status: 'ok', text: 'League deleted' }]);
  const gone = await w.api.call('GET', `/leagues/${doomed.id}`, { token: owner.token }).then(() => 200, (error: { status?: number }) => error.status ?? 0);
  assert.equal(gone, 404, 'the league is gone');
});
