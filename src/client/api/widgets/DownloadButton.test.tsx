import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fileNameOf } from '../downloads';
import { PLAYER } from '../../testing/handlers/fakeApi';
import { FAKE_CSV } from '../../testing/handlers/dataExport';
import { leagueWorld } from '../../testing/handlers/leagueWorld';
import { renderApp, signInAs } from '../../testing/renderWithProviders';

/** What the browser was handed to save: the file's name and bytes. */
function captureSaves() {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => { n += 1; blobs.set(`blob:test/${n}`, blob); return `blob:test/${n}`; },
    revokeObjectURL: () => undefined,
  });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  return saved;
}

const bytesOf = async (blob: Blob) => new Uint8Array(await new Response(blob).arrayBuffer());
const textOf = async (blob: Blob) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(await bytesOf(blob));

afterEach(() => jest.restoreAllMocks());

describe('downloads', () => {
  it("a member saves the league's CSV byte for byte (BOM and accents), and the owner also gets the archive", async () => {
    const saved = captureSaves();
    await signInAs(PLAYER);
    renderApp({ route: '/leagues/5' });
    await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }, { timeout: 10_000 }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].name).toBe('Office pool 2026-06-01.csv');
    expect([...(await bytesOf(saved[0].blob)).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(await textOf(saved[0].blob)).toBe(FAKE_CSV);

    await userEvent.click(screen.getByRole('button', { name: 'Download archive' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1].name).toBe('Office pool archive 2026-06-01.json');
    expect(JSON.parse(await textOf(saved[1].blob))).toMatchObject({ format: 'porra-league-archive', league: { id: 5 } });
  });

  it('a member who does not own the league gets no archive button; a refused download says why and saves nothing', async () => {
    const saved = captureSaves();
    leagueWorld.failing.add('leagueExport');
    await signInAs(PLAYER);
    renderApp({ route: '/leagues/6' });
    const csv = await screen.findByRole('button', { name: 'Download CSV' }, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Download archive' })).not.toBeInTheDocument();
    await userEvent.click(csv);
    expect(await screen.findByText('Too many attempts. Please wait a moment and try again')).toBeInTheDocument();
    expect(saved).toEqual([]);
    expect(csv).toBeEnabled();
  });

  it('the account page downloads everything held about the player as JSON', async () => {
    const saved = captureSaves();
    await signInAs(PLAYER);
    renderApp({ route: '/users/edit' });
    expect(await screen.findByRole('heading', { name: 'Your data' }, { timeout: 10_000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].name).toBe('porra-my-data 2026-06-01.json');
    expect(JSON.parse(await textOf(saved[0].blob))).toMatchObject({ user_id: PLAYER.id, sections: { result_bets: [{ local_goals: 2 }] } });
  });

  it('takes the exact file name from filename*, else the plain one, else the fallback', () => {
    expect(fileNameOf("attachment; filename=\"Pena.csv\"; filename*=UTF-8''Pe%C3%B1a.csv", 'x')).toBe('Peña.csv');
    expect(fileNameOf('attachment; filename="Pena.csv"', 'x')).toBe('Pena.csv');
    expect(fileNameOf("attachment; filename*=UTF-8''%E0%A4%A.csv; filename=\"plain.csv\"", 'x')).toBe('plain.csv');
    expect(fileNameOf(null, 'fallback.csv')).toBe('fallback.csv');
  });
});
