import ArchiveIcon from '@mui/icons-material/Archive';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from './DownloadButton';

/** The league's files: its CSV (table and shown bets) for members, its archive (whole history) for the owner. */
export function LeagueDownloads({ leagueId, member, owner }: { leagueId: number; member: boolean; owner: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {member && (
        <DownloadButton route="leagueExport" params={{ id: leagueId }} fallbackName={`league-${leagueId}.csv`} icon={<DownloadIcon />}>
          {t('exports.download_csv')}
        </DownloadButton>
      )}
      {owner && (
        <DownloadButton route="leagueArchive" params={{ id: leagueId }} fallbackName={`league-${leagueId}-archive.json`} icon={<ArchiveIcon />}>
          {t('exports.download_archive')}
        </DownloadButton>
      )}
    </>
  );
}
