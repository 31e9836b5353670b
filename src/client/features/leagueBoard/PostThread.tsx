import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { Static } from 'typebox';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeaguePostThread } from '../../../shared/api/routes/leagueBoard';
import type { BoardMatch } from './boardMatches';
import { PostComposer } from './PostComposer';
import { PostItem } from './PostItem';
import type { BoardActions } from './useBoardActions';

type Thread = Static<typeof LeaguePostThread>;

interface Props {
  thread: Thread;
  actions: BoardActions;
  canWrite: boolean;
  isOwner: boolean;
  pinnedId: number | null;
  matches: Map<number, BoardMatch>;
}

/** A top-level post with its replies below it, oldest first, and the reply field when the caller answers it. */
export function PostThread({ thread, actions, canWrite, isOwner, pinnedId, matches }: Props) {
  const { t } = useTranslation();
  const [replying, setReplying] = useState(false);
  const item = (post: Thread | Thread['replies'][number], onReply?: () => void) => (
    <PostItem
      post={post} actions={actions} canWrite={canWrite} isOwner={isOwner} pinned={post.id === pinnedId}
      matchLabel={post.match_id ? matches.get(post.match_id)?.label : undefined} onReply={onReply}
    />
  );
  return (
    <Stack component="article" spacing={1} aria-label={thread.author_name ?? undefined}>
      {item(thread, thread.deleted ? undefined : () => setReplying(true))}
      {(thread.replies.length > 0 || replying) && (
        <Stack spacing={1} sx={{ pl: { xs: 1.5, sm: 3 }, borderLeft: 2, borderColor: 'divider' }}>
          {thread.replies.map((reply) => <Box key={reply.id}>{item(reply)}</Box>)}
          {replying && canWrite && (
            <PostComposer
              label={t('board.reply_label')} submitLabel={t('board.reply')} busy={actions.busy}
              onSubmit={async (text) => { const done = await actions.post(text, { reply_to: thread.id }); if (done) setReplying(false); return done; }}
              onCancel={() => setReplying(false)}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
