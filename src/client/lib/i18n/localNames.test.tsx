import { screen } from '@testing-library/react';
import { api } from '../../api/api';
import { LanguageToggle } from '../../app/shell/LanguageToggle';
import { handle, ok } from '../../testing/handlers/route';
import { TEAMS } from '../../testing/handlers/reference';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { useLocalNames } from './localNames';

const teamsIndex = api.endpoints.teamsIndex;

function TeamNames() {
  const { data } = teamsIndex.useQuery();
  return <ul>{(data ?? []).map((team) => <li key={team.id}>{team.team_name}</li>)}</ul>;
}

/** What the help's points table does with round ids, plus groups and teams. */
function NamesProbe() {
  const names = useLocalNames();
  return <p>{[names.round(4), names.group('Group A'), names.team('Germany'), names.team('Real Madrid CF')].join(' · ')}</p>;
}

describe('names in the interface language', () => {
  it('reloads the names the server gives in the caller\'s language when the player switches language', async () => {
    // The fake server names teams as the real one does: by the locale in the path.
    server.use(handle('teamsIndex', ({ request }) => ok(TEAMS.map((team) => ({
      ...team, team_name: request.url.includes('/es/') ? ({ Spain: 'España', Argentina: 'Argentina' } as Record<string, string>)[team.team_name] : team.team_name,
    })))));
    const { user } = renderWithProviders(<><LanguageToggle /><TeamNames /></>);
    expect(await screen.findByText('Spain')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Español' }));
    expect(await screen.findByText('España')).toBeInTheDocument();
  });

  it('names rounds, groups and national teams the client shows itself (help) from the shared names, in both languages', async () => {
    const { user } = renderWithProviders(<><LanguageToggle /><NamesProbe /></>);
    expect(await screen.findByText('Round of 16 · Group A · Germany · Real Madrid CF')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Español' }));
    expect(await screen.findByText('Octavos de final · Grupo A · Alemania · Real Madrid CF')).toBeInTheDocument();
  });
});
