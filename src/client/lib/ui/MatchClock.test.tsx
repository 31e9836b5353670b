import { screen } from '@testing-library/react';
import { changeLocale } from '../i18n/i18n';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { MatchClock } from './MatchClock';
import type { LivePhase } from '../../../shared/domain/liveMatch';

const inPlay = (phase: LivePhase, minute: number | null = null, added: number | null = null) =>
  ({ started: true, finished: false, live: { phase, minute, added } });

const CASES: [ReturnType<typeof inPlay> | { started: boolean; finished: boolean }, string, string][] = [
  [inPlay('first_half', 23), "1st half 23'", "1ª parte 23'"],
  [inPlay('first_half', 45, 2), "1st half 45+2'", "1ª parte 45+2'"],
  [inPlay('half_time'), 'Half-time', 'Descanso'],
  [inPlay('second_half', 67), "2nd half 67'", "2ª parte 67'"],
  [inPlay('extra_time', 104), "Extra time 104'", "Prórroga 104'"],
  [inPlay('extra_time'), 'Extra time', 'Prórroga'],
  [inPlay('penalties', 120), 'Penalties', 'Penaltis'],
  [{ started: true, finished: true }, 'Finished', 'Finalizado'],
  [{ started: true, finished: false }, 'In play', 'En juego'],
];

describe('a match on the clock', () => {
  it.each(CASES)('reads %j as "%s" in English', (match, english) => {
    renderWithProviders(<MatchClock match={match} />);
    expect(screen.getByTestId('match-clock')).toHaveTextContent(english);
  });

  it.each(CASES)('reads %j in Spanish', async (match, _english, spanish) => {
    await changeLocale('es');
    renderWithProviders(<MatchClock match={match} />);
    expect(screen.getByTestId('match-clock')).toHaveTextContent(spanish);
  });

  it('shows nothing before kickoff', () => {
    const { container } = renderWithProviders(<MatchClock match={{ started: false, finished: false }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
