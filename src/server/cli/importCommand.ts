import { importLimits, importOpenfootball } from '../domain/competitionUpdates/importService';
import { UsageError, type CliCommand } from './command';

export const importCommand: CliCommand = {
  name: 'import',
  summary: 'Import or update a competition from an openfootball file or URL',
  usage: 'import --openfootball <file-or-url> [--name NAME] [--shift-to ISO-DATETIME] [--replay] [--timezone ZONE]',
  options: {
    openfootball: { type: 'string' },
    name: { type: 'string' },
    'shift-to': { type: 'string' },
    replay: { type: 'boolean' },
    timezone: { type: 'string' },
  },
  needsDatabase: true,
  async run({ values, config, db, clock, out }) {
    const source = values.openfootball;
    if (typeof source !== 'string' || !source.trim()) throw new UsageError('--openfootball <file-or-url> is required');
    let shiftTo: number | undefined;
    if (typeof values['shift-to'] === 'string') {
      shiftTo = Date.parse(values['shift-to']);
      if (Number.isNaN(shiftTo)) throw new UsageError(`--shift-to must be an ISO date-time such as 2026-06-11T18:00:00Z (got "${values['shift-to']}")`);
    }
    const summary = await importOpenfootball(db, {
      source: source.trim(),
      name: typeof values.name === 'string' ? values.name : undefined,
      shiftTo,
      // Absent on a re-import keeps the competition's stored choice.
      replay: values.replay === true ? true : undefined,
      timeZone: typeof values.timezone === 'string' ? values.timezone : undefined,
      // The server's own bounds: a URL imported here is downloaded again by the server's scheduled syncs.
      download: importLimits(config),
      now: clock.now(),
    });
    out(`${summary.created ? 'Imported' : 'Updated'} "${summary.name}" (competition ${summary.competitionId}, ${summary.type}): `
      + `${summary.matches} matches, ${summary.teams} teams, ${summary.groups} groups, ${summary.finished} finished`
      + (summary.held > 0 ? `, ${summary.held} results held back until kickoff + 2 h` : '')
      + (summary.timeShiftMs !== 0 ? `; schedule shifted by ${(summary.timeShiftMs / 3_600_000).toFixed(1)} h` : '')
      + `; local times read in ${summary.timeZone}`);
  },
};
