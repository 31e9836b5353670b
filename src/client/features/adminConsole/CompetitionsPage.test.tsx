import { screen, waitFor, within } from '@testing-library/react';
import { api } from '../../api/api';
import { PROCESS_RUNNING } from '../../api/baseQuery';
import { adminWorld } from '../../testing/handlers/adminConsole';
import { fakeApi } from '../../testing/handlers/fakeApi';
import { openConsole, useAdminConsoleApi } from './testing/consoleTestKit';

useAdminConsoleApi();

const OPENFOOTBALL = JSON.stringify({
  name: 'Office Cup 2026',
  matches: [
    { round: 'Matchday 1', date: '2026-07-01', time: '18:00', team1: 'Spain', team2: 'Italy' },
    { round: 'Matchday 1', date: '2026-07-01', time: '21:00', team1: 'France', team2: 'Brazil' },
  ],
});
const fileOf = (content: string, name = 'office-cup.json') => new File([content], name, { type: 'application/json' });

describe('admin console: competitions', () => {
  it('lists each competition with its source, counts, last sync and its error, and next sync', async () => {
    await openConsole('/admin/competitions');
    const card = await screen.findByTestId('competition-1');
    expect(within(card).getByRole('heading', { name: 'World Cup 2026' })).toBeInTheDocument();
    expect(within(card).getByText('openfootball · https://example.com/worldcup.json')).toBeInTheDocument();
    expect(within(card).getByText('48')).toBeInTheDocument();
    expect(within(card).getByText('40 of 104')).toBeInTheDocument();
    expect(within(card).getByText('Failed')).toBeInTheDocument();
    expect(within(card).getByText('openfootball answered 503')).toBeInTheDocument();
    expect(within(card).getByText('Next sync').nextSibling).toHaveTextContent(/2026/);
  });

  it('imports an uploaded openfootball file as a tracked process, says what it created and lists it', async () => {
    let release = () => undefined as void;
    adminWorld.importGate = new Promise<void>((resolve) => { release = resolve; });
    const { user } = await openConsole('/admin/competitions');
    await user.upload(await screen.findByTestId('import-file'), fileOf(OPENFOOTBALL));
    expect(screen.getByText('office-cup.json')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Time zone' }), 'Europe/Madrid');
    await user.click(screen.getByRole('switch', { name: /Replay/ }));
    await user.click(screen.getByRole('button', { name: 'Import' }));

    const entry = await screen.findByText('Importing a competition');
    expect(entry.closest('[data-testid="notification"]')).toHaveAttribute('data-status', 'pending');
    release();
    expect(await screen.findByTestId('import-result')).toHaveTextContent('Created Office Cup 2026: 4 teams, 2 matches.');
    expect(screen.getByTestId('import-result')).toHaveTextContent('2 results are held back');
    // Its work ended: the entry leaves at once.
    await waitFor(() => expect(screen.queryByText('Importing a competition')).toBeNull());
    expect(adminWorld.imports).toEqual([{
      provider: 'openfootball', file: { name: 'office-cup.json', content: OPENFOOTBALL }, time_zone: 'Europe/Madrid', replay: true,
    }]);
    const card = await screen.findByTestId('competition-2');
    expect(within(card).getByRole('heading', { name: 'Office Cup 2026' })).toBeInTheDocument();
    expect(within(card).getByText('openfootball · office-cup.json')).toBeInTheDocument();
    // The form is empty for the next import; the result stays on screen.
    expect(screen.getByText('No file chosen')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Time zone' })).toHaveValue('');
    expect(screen.getByRole('switch', { name: /Replay/ })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'openfootball file' })).toBeChecked();
  });

  it('refuses a second import while one runs, without sending it', async () => {
    let release = () => undefined as void;
    adminWorld.importGate = new Promise<void>((resolve) => { release = resolve; });
    const { user, store } = await openConsole('/admin/competitions');
    await user.upload(await screen.findByTestId('import-file'), fileOf(OPENFOOTBALL));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByText('Importing a competition');
    // Any other start of the import while this one runs (the form's button is disabled meanwhile) is refused here.
    const second = await store.dispatch(api.endpoints.adminImportCompetition.initiate({ body: { provider: 'openfootball', url: 'https://example.com/x.json' } }));
    expect(second.error).toMatchObject({ status: PROCESS_RUNNING });
    expect(await screen.findByText(/The process is already running/)).toBeInTheDocument();
    release();
    expect(await screen.findByTestId('import-result')).toBeInTheDocument();
    expect(adminWorld.imports).toHaveLength(1);
  });

  it('names what is wrong with a bad file and changes nothing', async () => {
    const { user } = await openConsole('/admin/competitions');
    await user.upload(await screen.findByTestId('import-file'), fileOf('{"name": "x", "rounds": []}', 'broken.json'));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('broken.json: The file has no "matches" list: is it an openfootball file?');
    expect(screen.queryByTestId('competition-2')).not.toBeInTheDocument();
    expect(adminWorld.competitions).toHaveLength(1);
  });

  it('asks for the missing part of each source before sending anything', async () => {
    const { user } = await openConsole('/admin/competitions');
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a file to import');
    await user.click(screen.getByRole('radio', { name: 'openfootball URL' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Type the URL of the file');
    await user.click(screen.getByRole('radio', { name: 'football-data.org' }));
    await user.type(screen.getByRole('textbox', { name: 'Competition code' }), 'PL');
    await user.type(screen.getByRole('textbox', { name: 'Season' }), '26');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The season is a year such as 2026');
    expect(adminWorld.imports).toEqual([]);
  });

  it('sends a football-data code and season, and shows the provider\'s refusal', async () => {
    const { user } = await openConsole('/admin/competitions');
    await user.click(await screen.findByRole('radio', { name: 'football-data.org' }));
    await user.type(screen.getByRole('textbox', { name: 'Competition code' }), 'PL');
    await user.type(screen.getByRole('textbox', { name: 'Season' }), '2026');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('football-data.org is not configured');
    expect(adminWorld.imports).toEqual([{ provider: 'football-data', code: 'PL', season: 2026 }]);
    // A refused import keeps what was typed, to be corrected.
    expect(screen.getByRole('textbox', { name: 'Competition code' })).toHaveValue('PL');
  });

  it('runs an update of one competition, and archives one after asking', async () => {
    const { user } = await openConsole('/admin/competitions');
    const card = await screen.findByTestId('competition-1');
    await user.click(within(card).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(fakeApi.requests).toContain('POST /api/v1/en/update/update_competition/1'));

    await user.click(within(card).getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive World Cup 2026?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(adminWorld.calls).not.toContain('archive:1');
    await user.click(await within(card).findByRole('button', { name: 'Archive' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(adminWorld.calls).toContain('archive:1'));
    expect(await within(card).findByText('Archived')).toBeInTheDocument();
    await user.click(await within(card).findByRole('button', { name: 'Offer again' }));
    await waitFor(() => expect(adminWorld.calls).toContain('unarchive:1'));
    await waitFor(() => expect(within(card).queryByText('Archived')).not.toBeInTheDocument());
  });
});
