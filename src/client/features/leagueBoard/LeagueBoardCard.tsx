import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api } from '../../api/api';
import { useLeagueOf } from '../../api/store/entityHooks';
import { useSession } from '../../api/session';
import { useBoardMatches, type BoardMatch } from './boardMatches';
import { PostComposer } from './PostComposer';
import { PostThread } from './PostThread';
import { useBoardActions, type BoardActions } from './useBoardActions';

const leaguePosts = api.endpoints.leaguePosts;

interface PageProps {
  leagueId: number; before: number | undefined; last: boolean; actions: BoardActions; canWrite: boolean; isOwner: boolean;
  matches: Map<number, BoardMatch>; onOlder: (before: number) => void;
}

/** One page of the board's posts (newest first); the last page shown offers the older ones. */
function BoardPage({ leagueId, before, last, actions, canWrite, isOwner, matches, onOlder }: PageProps) {
  const { t } = useTranslation();
  const { data } = leaguePosts.useQuery({ params: { league_id: leagueId }, query: before ? { before } : {} });
  if (!data) return <Skeleton height={80} />;
  const pinnedId = data.pinned?.id ?? null;
  return (
    <>
      {data.posts.filter((thread) => thread.id !== pinnedId).map((thread) => (
        <Fragment key={thread.id}>
          <Divider />
          <PostThread thread={thread} actions={actions} canWrite={canWrite} isOwner={isOwner} pinnedId={pinnedId} matches={matches} />
        </Fragment>
      ))}
      {last && data.next_before !== null && (
        <Button sx={{ alignSelf: 'start' }} onClick={() => onOlder(data.next_before!)}>{t('board.older')}</Button>
      )}
    </>
  );
}

/**
 * The league board on the league page: the pinned post on top, a field to post, the posts newest first with their
 * replies, and the owner's pin, delete and close. New posts arrive through the league's live stream.
 */
export default function LeagueBoardCard() {
  const { t } = useTranslation();
  const leagueId = Number(useParams().leagueId);
  const { user, isAdmin } = useSession();
  const { data: answer } = api.endpoints.leagueShow.useQuery(leagueId > 0 ? { params: { id: leagueId } } : skipToken);
  const league = useLeagueOf(answer);
  const shown = !!league && (league.is_member || isAdmin);
  const { data: board } = leaguePosts.useQuery(shown ? { params: { league_id: leagueId }, query: {} } : skipToken);
  const { byId, choices } = useBoardMatches(league?.competition.id);
  const actions = useBoardActions(leagueId);
  const [pages, setPages] = useState<number[]>([]);
  if (!shown) return null;

  const isOwner = league.owner_id === user.id;
  const canWrite = league.is_member && !league.finished && !!board?.open;
  return (
    <Card component="section" aria-labelledby="league-board-title">
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <Typography id="league-board-title" variant="h2" component="h2" sx={{ flex: 1 }}>{t('board.title')}</Typography>
            {isOwner && board && (
              <Button size="small" onClick={() => void actions.setOpen(!board.open)}>{board.open ? t('board.close_board') : t('board.open_board')}</Button>
            )}
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>{t('board.intro')}</Typography>
          {!board && <Skeleton height={120} />}
          {board && !board.open && <Typography color="warning.main">{t('board.closed')}</Typography>}
          {board && canWrite && (
            <PostComposer
              label={t('board.composer_label')} submitLabel={t('board.post')} matches={choices} busy={actions.busy}
              onSubmit={(text, matchId) => actions.post(text, { match_id: matchId })}
            />
          )}
          {board?.pinned && (
            <PostThread thread={board.pinned} actions={actions} canWrite={canWrite} isOwner={isOwner} pinnedId={board.pinned.id} matches={byId} />
          )}
          {board && board.posts.length === 0 && !board.pinned && <Typography color="text.secondary">{t('board.empty')}</Typography>}
          {board && [undefined, ...pages].map((before, index) => (
            <BoardPage
              key={before ?? 'newest'} leagueId={leagueId} before={before} last={index === pages.length} actions={actions}
              canWrite={canWrite} isOwner={isOwner} matches={byId} onOlder={(next) => setPages([...pages, next])}
            />
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
