import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLAYER } from '../../testing/handlers/fakeApi';
import { handleSignedIn } from '../../testing/handlers/leagueWorld';
import { ok } from '../../testing/handlers/route';
import { renderApp, signInAs } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';

const hash = (c: string) => c.repeat(64);
const entry = (seq: number, h: string | null, prev: string | null, extra: object = {}) => ({
  seq, actor_id: 1, actor_name: 'Ana', action: 'league.settings', created_at: '2026-06-01T12:00:00.000Z', prev_hash: prev, hash: h, keyed: true,
  details: { before: { tie_breaks: [] }, after: { tie_breaks: ['exact_hits'] } }, ...extra,
});
const chain = [entry(2, hash('b'), hash('a')), entry(1, hash('a'), hash('0'))];

function serveLog(entries: object[]) {
  server.use(handleSignedIn('leagueLog', () => ok({ entries })));
}

async function openLog() {
  await signInAs(PLAYER);
  const view = renderApp({ route: '/leagues/5/log' });
  await screen.findByTestId('log-entry-1');
  return view;
}

beforeEach(() => localStorage.clear());

describe('the head of the league log a member last saw', () => {
  it('shows the head to publish and remembers it; a log cut short or rewritten since warns until the member accepts it', async () => {
    serveLog(chain);
    const first = await openLog();
    expect(screen.getByTestId('log-head')).toHaveTextContent(`Latest entry: 5:2:${hash('b')}`);
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(JSON.parse(localStorage.getItem('porra.league_log_head.5')!)).toEqual({ seq: 2, hash: hash('b') }));
    first.unmount();

    // The newest entry is gone.
    serveLog(chain.slice(1));
    const second = await openLog();
    expect(await screen.findByRole('alert')).toHaveTextContent('The log no longer contains the last entry you saw here (#2)');
    expect(JSON.parse(localStorage.getItem('porra.league_log_head.5')!)).toEqual({ seq: 2, hash: hash('b') });
    second.unmount();

    // Entry 2 was rewritten: same seq, another hash.
    serveLog([entry(2, hash('c'), hash('a')), chain[1]]);
    await openLog();
    expect(await screen.findByRole('alert')).toHaveTextContent('#2');
    await userEvent.click(screen.getByRole('button', { name: 'Remember the current latest entry instead' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(JSON.parse(localStorage.getItem('porra.league_log_head.5')!)).toEqual({ seq: 2, hash: hash('c') });
  });

  it('a log that grew keeps the head, and a withheld fingerprint is said so', async () => {
    localStorage.setItem('porra.league_log_head.5', JSON.stringify({ seq: 1, hash: hash('a') }));
    serveLog([entry(3, null, hash('b'), { keyed: false }), ...chain]);
    await openLog();
    expect(screen.getByTestId('log-entry-3')).toHaveTextContent('Fingerprint withheld until the bet is shown');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(`Last entry you saw here: #1 ${'a'.repeat(16)}…`)).toBeVisible();
    await waitFor(() => expect(JSON.parse(localStorage.getItem('porra.league_log_head.5')!)).toEqual({ seq: 2, hash: hash('b') }));
  });

  it('tells the owner how to verify the log from the server, and a player only what the page keeps for them', async () => {
    serveLog(chain);
    await signInAs(PLAYER);
    const owned = renderApp({ route: '/leagues/5/log' });
    await screen.findByTestId('log-entry-1');
    expect(screen.getByText(/verify-log --expect/)).toBeInTheDocument();
    expect(screen.getByText(/What is recorded here: late and corrected bets/)).toBeInTheDocument();
    owned.unmount();

    renderApp({ route: '/leagues/6/log' });
    await screen.findByTestId('log-entry-1');
    expect(screen.queryByText(/verify-log/)).not.toBeInTheDocument();
    expect(screen.getByText('This page remembers the latest entry you saw and warns you if it ever disappears from the log.')).toBeInTheDocument();
  });
});
