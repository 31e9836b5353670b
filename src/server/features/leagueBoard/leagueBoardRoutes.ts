import { leagueBoardRoutes } from '../../../shared/api/routes/leagueBoard';
import type { AppDeps } from '../../platform/deps';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import { pinPost, setBoardOpen, unpinPost } from './boardModeration';
import { createPost, deletePost, editPost, listBoard } from './leagueBoardService';

export function leagueBoardHandlers(deps: AppDeps): RouteHandlers<typeof leagueBoardRoutes> {
  return {
    leaguePosts: async ({ user, params, query }) => listBoard(deps, user, params.league_id, query),
    leaguePostCreate: async ({ user, body, req }) => ({ message: req.t('success.post_created'), post: await createPost(deps, user, body) }),
    leaguePostUpdate: async ({ user, params, body, req }) => ({
      message: req.t('success.post_updated'), post: await editPost(deps, user, params.id, body.text),
    }),
    leaguePostDelete: async ({ user, params, req }) => {
      await deletePost(deps, user, params.id);
      return { message: req.t('success.post_deleted') };
    },
    leaguePostPin: async ({ user, params, req }) => {
      await pinPost(deps, user, params.id);
      return { message: req.t('success.post_pinned') };
    },
    leaguePostUnpin: async ({ user, params, req }) => {
      await unpinPost(deps, user, params.id);
      return { message: req.t('success.post_unpinned') };
    },
    leagueBoardUpdate: async ({ user, params, body, req }) => {
      const open = await setBoardOpen(deps, user, params.league_id, body.open);
      return { message: req.t(open ? 'success.board_opened' : 'success.board_closed'), open };
    },
  };
}
