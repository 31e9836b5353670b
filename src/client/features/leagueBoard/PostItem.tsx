import PushPinIcon from '@mui/icons-material/PushPin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Static } from 'typebox';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeaguePost } from '../../../shared/api/routes/leagueBoard';
import { formatDateTime } from '../../lib/i18n/dates';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { PostComposer } from './PostComposer';
import { PostText } from './PostText';
import type { BoardActions } from './useBoardActions';

type Post = Static<typeof LeaguePost>;

interface Props {
  post: Post;
  actions: BoardActions;
  /** Whether the caller may write on the board now (a member, the board open). */
  canWrite: boolean;
  isOwner: boolean;
  pinned: boolean;
  matchLabel?: string;
  /** Replies are answered in their thread: only top-level posts take a reply. */
  onReply?: () => void;
}

/** One post: who wrote it and when, what it is about, its text, and what the caller may do with it. */
export function PostItem({ post, actions, canWrite, isOwner, pinned, matchLabel, onReply }: Props) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const author = post.deleted ? null : post.author_name ?? t('board.deleted_user');
  const ownWindow = post.editable_until !== null && Date.now() < Date.parse(post.editable_until);
  const canDelete = !post.deleted && (ownWindow || isOwner);

  if (post.deleted) {
    return <Typography color="text.secondary" sx={{ fontStyle: 'italic' }}>{t('board.deleted_post')}</Typography>;
  }
  return (
    <Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'baseline' }}>
        <Typography component="span" sx={{ fontWeight: 600 }}>{author}</Typography>
        {post.author_left && <Chip size="small" variant="outlined" label={t('board.left')} />}
        {pinned && <Chip size="small" color="primary" icon={<PushPinIcon />} label={t('board.pinned')} />}
        <Typography component="span" variant="body2" color="text.secondary">
          {formatDateTime(post.created_at)}{post.edited_at && ` · ${t('board.edited')}`}
        </Typography>
      </Stack>
      {matchLabel && <Typography variant="body2" color="text.secondary">{t('board.about_match', { match: matchLabel })}</Typography>}
      {editing ? (
        <PostComposer
          label={t('board.edit_label')} submitLabel={t('board.save')} initialText={post.text} busy={actions.busy}
          onSubmit={async (text) => { const done = await actions.edit(post.id, text); if (done) setEditing(false); return done; }}
          onCancel={() => setEditing(false)}
        />
      ) : <PostText text={post.text} />}
      {!editing && (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }} role="group" aria-label={t('board.actions_of', { name: author })}>
          {onReply && canWrite && <Button size="small" onClick={onReply}>{t('board.reply')}</Button>}
          {ownWindow && canWrite && <Button size="small" onClick={() => setEditing(true)}>{t('board.edit')}</Button>}
          {canDelete && <Button size="small" color="error" onClick={() => setConfirming(true)}>{t('board.delete')}</Button>}
          {isOwner && (pinned
            ? <Button size="small" onClick={() => void actions.unpin(post.id)}>{t('board.unpin')}</Button>
            : <Button size="small" onClick={() => void actions.pin(post.id)}>{t('board.pin')}</Button>)}
        </Stack>
      )}
      <ConfirmDialog
        open={confirming} title={t('board.delete_title')} text={t('board.delete_text')} confirmLabel={t('board.delete')}
        onClose={() => setConfirming(false)} onConfirm={() => { setConfirming(false); void actions.remove(post.id); }}
      />
    </Box>
  );
}
