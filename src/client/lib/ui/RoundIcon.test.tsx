import { render, screen } from '@testing-library/react';
import { ROUNDS } from '../../../shared/domain/rounds';
import { RoundIcon, RoundName } from './RoundIcon';

const iconOf = (roundId: number) => {
  const { container, unmount } = render(<RoundIcon roundId={roundId} />);
  const kind = container.querySelector('[data-testid="round-icon"]')?.getAttribute('data-icon') ?? null;
  unmount();
  return kind;
};

describe('round icons', () => {
  it('gives 8 and 14 a trophy, 12 an award, 13 a down arrow, 4 to 7 a pointing hand, 10 a football, and the rest none', () => {
    expect(Object.fromEntries(ROUNDS.map((round) => [round.id, iconOf(round.id)]))).toEqual({
      1: null, 2: null, 3: null, 4: 'hand', 5: 'hand', 6: 'hand', 7: 'hand', 8: 'trophy', 9: null, 10: 'football',
      12: 'award', 13: 'down', 14: 'trophy',
    });
  });

  it('stays out of the accessible name beside a round name, and names the round when it stands alone', () => {
    render(<><h3><RoundName roundId={8}>Campeón</RoundName></h3><RoundIcon roundId={7} label="Final" /></>);
    expect(screen.getByRole('heading', { name: 'Campeón' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Final' })).toHaveAttribute('data-icon', 'hand');
  });
});
