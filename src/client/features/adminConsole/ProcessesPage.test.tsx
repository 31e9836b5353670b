import { act, screen, waitFor, within } from '@testing-library/react';
import i18n from '../../lib/i18n/i18n';
import { adminWorld } from '../../testing/handlers/adminConsole';
import { openConsole, useAdminConsoleApi } from './testing/consoleTestKit';
import { IDLE_POLL_MS, RUNNING_POLL_MS } from './ProcessesPage';

useAdminConsoleApi();

const processReads = () => adminWorld.calls.filter((call) => call.startsWith('processes:'));

describe('admin console: process history', () => {
  it('shows each run: kind, competition, who started it, duration, outcome, what it changed and its error', async () => {
    await openConsole('/admin/processes');
    const failed = await screen.findByTestId('process-run-2');
    expect(within(failed).getByRole('heading', { name: 'Update of a competition' })).toBeInTheDocument();
    expect(within(failed).getByText('World Cup 2026')).toBeInTheDocument();
    expect(within(failed).getByText('Root')).toBeInTheDocument();
    expect(within(failed).getByText('1.2 s')).toBeInTheDocument();
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).getByText('openfootball answered 503')).toBeInTheDocument();
    const scheduled = screen.getByTestId('process-run-1');
    expect(within(scheduled).getByText('Scheduler')).toBeInTheDocument();
    expect(within(scheduled).getByText('3 matches updated, 120 bets recomputed')).toBeInTheDocument();
    expect(within(screen.getByTestId('process-run-3')).getByText('7 reminders sent')).toBeInTheDocument();
  });

  it('filters by kind and outcome, back to the first page', async () => {
    const { user } = await openConsole('/admin/processes');
    await screen.findByTestId('process-run-1');
    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Reminders' }));
    await waitFor(() => expect(screen.queryByTestId('process-run-1')).not.toBeInTheDocument());
    expect(screen.getByTestId('process-run-3')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Outcome' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    expect(await screen.findByText('No process has run yet.')).toBeInTheDocument();
    expect(processReads().at(-1)).toBe('processes:kind=notify&outcome=failed&page=1&per_page=20');
  });

  it('hides scheduled runs that changed nothing until asked, in English and Spanish', async () => {
    const { user } = await openConsole('/admin/processes');
    await screen.findByTestId('process-run-1');
    expect(screen.queryByTestId('process-run-4')).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Show scheduled runs that changed nothing' }));
    const idle = await screen.findByTestId('process-run-4');
    expect(within(idle).getByText('0 matches updated, 0 bets recomputed')).toBeInTheDocument();
    expect(processReads().at(-1)).toBe('processes:include_idle=true&page=1&per_page=20');
    await user.click(screen.getByRole('switch', { name: 'Show scheduled runs that changed nothing' }));
    await waitFor(() => expect(screen.queryByTestId('process-run-4')).not.toBeInTheDocument());
  });

  it('offers the same switch in Spanish', async () => {
    await i18n.changeLanguage('es');
    const { user } = await openConsole('/admin/processes');
    await screen.findByTestId('process-run-1');
    await user.click(screen.getByRole('switch', { name: 'Mostrar las ejecuciones programadas que no cambiaron nada' }));
    expect(await screen.findByTestId('process-run-4')).toBeInTheDocument();
  });

  it('pages through a long history', async () => {
    adminWorld.runs = Array.from({ length: 45 }, (_, index) => ({ ...adminWorld.runs[2], id: 45 - index }));
    const { user } = await openConsole('/admin/processes');
    await screen.findByTestId('process-run-45');
    await user.click(screen.getByRole('button', { name: 'Go to page 3' }));
    expect(await screen.findByTestId('process-run-5')).toBeInTheDocument();
    expect(screen.queryByTestId('process-run-45')).not.toBeInTheDocument();
    expect(processReads().at(-1)).toBe('processes:page=3&per_page=20');
  });

  it('reads the history again while a run is going, until it is done, then only now and then', async () => {
    adminWorld.liveRun = { readsLeft: 2 };
    await openConsole('/admin/processes');
    expect(await screen.findByTestId('process-run-99')).toHaveAttribute('data-outcome', 'running');
    await waitFor(() => expect(screen.getByTestId('process-run-99')).toHaveAttribute('data-outcome', 'done'), { timeout: 10_000 });
    expect(within(screen.getByTestId('process-run-99')).getByText(/^12 matches updated/)).toBeInTheDocument();
    const reads = processReads().length;
    expect(reads).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, RUNNING_POLL_MS + 500));
    expect(processReads()).toHaveLength(reads);
  });

  it('shows a run started elsewhere (the scheduler) within IDLE_POLL_MS, with nothing running on screen before', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      await openConsole('/admin/processes');
      await screen.findByTestId('process-run-1');
      const reads = processReads().length;
      adminWorld.liveRun = { readsLeft: 1 };
      await act(() => jest.advanceTimersByTimeAsync(IDLE_POLL_MS - 100));
      expect(processReads()).toHaveLength(reads);
      await act(() => jest.advanceTimersByTimeAsync(200));
      expect(await screen.findByTestId('process-run-99')).toHaveAttribute('data-outcome', 'running');
    } finally {
      jest.useRealTimers();
    }
  });
});
