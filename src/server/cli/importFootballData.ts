import { translate } from '../platform/i18n/messages';
import { ImportError } from '../domain/competitions/importedCompetition';
import { importFootballData } from '../domain/providers/footballData/footballDataImport';
import { PROVIDER_FAILURE_KEYS, ProviderError } from '../domain/providers/providerError';
import { UsageError, type CliCommand } from './command';

/**
 * `import --football-data CODE [--season YEAR]` beside the openfootball import: one `import` command whose
 * --football-data option is handled here, everything else by the openfootball command it wraps.
 */
export function withFootballData(openfootball: CliCommand): CliCommand {
  return {
    ...openfootball,
    summary: `${openfootball.summary}; or from football-data.org (FOOTBALL_DATA_TOKEN), updating from it afterwards`,
    usage: `${openfootball.usage}\n  import --football-data <CODE> [--season YEAR]`,
    options: { ...openfootball.options, 'football-data': { type: 'string' }, season: { type: 'string' } },
    async run(context) {
      const { values, config, db, clock, out } = context;
      const code = values['football-data'];
      if (code === undefined) {
        if (values.season !== undefined) throw new UsageError('--season goes with --football-data');
        return openfootball.run(context);
      }
      if (typeof code !== 'string' || !/^[A-Za-z0-9]{1,10}$/.test(code)) throw new UsageError('--football-data needs a competition code such as WC or PD');
      if (values.openfootball !== undefined) throw new UsageError('use either --openfootball or --football-data');
      let season: number | undefined;
      if (values.season !== undefined) {
        season = Number(values.season);
        if (!Number.isInteger(season) || season < 1900 || season > 2100) throw new UsageError(`--season must be a year such as 2024 (got "${values.season}")`);
      }
      try {
        const result = await importFootballData({ db, clock, config }, code.toUpperCase(), season);
        out(`${result.created ? 'Imported' : 'Updated'} football-data competition ${code.toUpperCase()}${season ? ` ${season}` : ''} `
          + `(competition ${result.competitionId}): ${result.updatedMatches} matches written; it now updates from football-data`);
      } catch (error) {
        if (error instanceof ProviderError) {
          throw new ImportError(`football-data.org: ${translate('en', PROVIDER_FAILURE_KEYS[error.failure], { status: error.status ?? '' })} (${error.detail})`);
        }
        throw error;
      }
    },
  };
}
