import { appStateSlot } from '../../platform/appState';
import type { AppDeps } from '../../platform/deps';
import { retryLater } from '../../platform/errors/errors';

/** A league export the process is making (at most one), by the app it belongs to. */
const EXPORTING = appStateSlot(() => ({ busy: false }));

/** How long a caller refused a slot is asked to wait. */
const EXPORT_RETRY_SECONDS = 30;

/**
 * Takes the process's one slot for a league export (a whole league read and written out: the CSV, the archive), or
 * answers 503 with Retry-After while another one is being made: exports queue at the client, never in memory here.
 * Answers the release, to call once the export has ended however it ended.
 */
export function takeExportSlot(deps: AppDeps): () => void {
  const slot = deps.state.get(EXPORTING);
  if (slot.busy) throw retryLater(503, 'errors.export_busy', EXPORT_RETRY_SECONDS);
  slot.busy = true;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    slot.busy = false;
  };
}
