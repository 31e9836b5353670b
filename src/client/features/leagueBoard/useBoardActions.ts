import { api } from '../../api/api';

/** The board's writes, each answering whether it succeeded (the base query's snackbar entry says how it went). */
export function useBoardActions(leagueId: number) {
  const [create, created] = api.endpoints.leaguePostCreate.useMutation();
  const [update, updated] = api.endpoints.leaguePostUpdate.useMutation();
  const [destroy] = api.endpoints.leaguePostDelete.useMutation();
  const [pinPost] = api.endpoints.leaguePostPin.useMutation();
  const [unpinPost] = api.endpoints.leaguePostUnpin.useMutation();
  const [setBoard] = api.endpoints.leagueBoardUpdate.useMutation();

  const done = (result: { data?: { message: string }; error?: unknown }): boolean => {
    return !result.error && result.data !== undefined;
  };

  return {
    busy: created.isLoading || updated.isLoading,
    post: async (text: string, extra: { match_id?: number | null; reply_to?: number | null }) =>
      done(await create({ body: { league_id: leagueId, text, ...extra } })),
    edit: async (postId: number, text: string) => done(await update({ params: { id: postId }, body: { text } })),
    remove: async (postId: number) => done(await destroy({ params: { id: postId } })),
    pin: async (postId: number) => done(await pinPost({ params: { id: postId } })),
    unpin: async (postId: number) => done(await unpinPost({ params: { id: postId } })),
    setOpen: async (open: boolean) => done(await setBoard({ params: { league_id: leagueId }, body: { open } })),
  };
}

export type BoardActions = ReturnType<typeof useBoardActions>;
