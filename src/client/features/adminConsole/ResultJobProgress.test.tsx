import { screen, within } from '@testing-library/react';
import i18n from '../../lib/i18n/i18n';
import { adminWorld } from '../../testing/handlers/adminConsole';
import { openConsole, useAdminConsoleApi } from './testing/consoleTestKit';

useAdminConsoleApi();

const resultRun = (id: number, outcome: 'running' | 'done', done: number) => ({
  id, kind: 'apply_results' as const, trigger: 'manual' as const, competition: { id: 1, name: 'World Cup 2026' },
  started_by: { id: 2, name: 'Root' }, started_at: '2026-06-20T18:00:00.000Z', finished_at: outcome === 'done' ? '2026-06-20T18:00:04.000Z' : null,
  duration_ms: outcome === 'done' ? 4000 : null, outcome, updated_matches: outcome === 'done' ? 1 : null, recomputed_bets: outcome === 'done' ? 5400 : null,
  notified: null, created: null, error: null, progress: { leagues_done: done, leagues_total: 40 },
});

describe('admin console: a result being applied to the league tables', () => {
  it('shows how many leagues have the result, with a bar while it runs', async () => {
    adminWorld.runs.unshift(resultRun(11, 'done', 40), resultRun(12, 'running', 12));
    await openConsole('/admin/processes');
    const running = await screen.findByTestId('process-run-12');
    expect(within(running).getByRole('heading', { name: 'Result applied to league tables' })).toBeInTheDocument();
    expect(within(running).getByText('12 of 40 leagues have the result')).toBeInTheDocument();
    expect(within(running).getByRole('progressbar', { name: 'Leagues with the result' })).toHaveAttribute('aria-valuenow', '30');
    const done = screen.getByTestId('process-run-11');
    expect(within(done).getByText('40 of 40 leagues have the result')).toBeInTheDocument();
    expect(within(done).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(done).getByText('1 match updated, 5400 bets recomputed')).toBeInTheDocument();
  });

  it('says it in Spanish', async () => {
    await i18n.changeLanguage('es');
    adminWorld.runs.unshift(resultRun(12, 'running', 1));
    await openConsole('/admin/processes');
    const running = await screen.findByTestId('process-run-12');
    expect(within(running).getByRole('heading', { name: 'Aplicación de un resultado a las clasificaciones' })).toBeInTheDocument();
    expect(within(running).getByText('1 de 40 ligas tienen el resultado')).toBeInTheDocument();
  });
});
