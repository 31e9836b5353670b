import { LogChainError, verifyLeagueLogs } from '../domain/leagueLog/leagueLogService';
import type { CliCommand } from './command';

/** Recomputes every league's log hash chain: exit 1 naming each league whose chain breaks. */
export const verifyLogCommand: CliCommand = {
  name: 'verify-log',
  summary: "Recompute every league's tamper-evident log chain; exit 1 when an entry was changed, removed or inserted",
  usage: 'verify-log',
  options: {},
  needsDatabase: true,
  async run({ db, out }) {
    const { entries, leagues, breaks } = await verifyLeagueLogs(db);
    for (const b of breaks) out(`League ${b.league_id}: the chain breaks at entry ${b.seq} (${b.reason})`);
    if (breaks.length > 0) throw new LogChainError(`${breaks.length} of ${leagues} league logs are broken`);
    out(`${entries} entries in ${leagues} league logs: every chain is intact.`);
  },
};
