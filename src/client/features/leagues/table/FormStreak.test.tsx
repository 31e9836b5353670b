import { screen, within } from '@testing-library/react';
import { changeLocale } from '../../../lib/i18n/i18n';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { CompetitionTables } from './CompetitionTables';
import { FormStreak } from './FormStreak';

describe('recent form in the classification', () => {
  it('shows each team\'s streak in the classification, one mark per match, read out in full', async () => {
    renderWithProviders(<CompetitionTables competitionId={2} />);
    const table = await screen.findByRole('table', { name: 'Classification' });
    expect(within(table).getByRole('columnheader', { name: 'Form' })).toBeInTheDocument();
    expect(await within(table).findByRole('img', { name: 'Last matches, oldest first: won' })).toHaveTextContent('W');
    expect(within(table).getByRole('img', { name: 'Last matches, oldest first: lost' })).toHaveTextContent('L');
  });

  it('uses the Spanish letters and words in Spanish', async () => {
    await changeLocale('es');
    renderWithProviders(<FormStreak streak={['W', 'D', 'L', 'W', 'W']} />);
    const form = screen.getByRole('img', { name: 'Últimos partidos, del más antiguo al más reciente: ganado, empatado, perdido, ganado, ganado' });
    expect(form).toHaveTextContent('GEPGG');
  });

  it('shows nothing for a team that has not played', () => {
    const { container } = renderWithProviders(<FormStreak streak={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
