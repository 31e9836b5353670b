/** Another process (or request) holds the named lock: the caller answers 409, the scheduler skips its turn. */
export class ProcessBusyError extends Error {
  constructor(readonly processName: string) { super(`process ${processName} is already running`); }
}
