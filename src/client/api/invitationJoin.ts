import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from './api';
import { errorMessage } from './baseQuery';

const leagueJoin = api.endpoints.leagueJoin;

/** Where a newcomer lands once in a league: its bets page, where the first bet is one choice away. */
export const firstBetPath = (leagueId: number) => `/result_bets/new?league_id=${leagueId}`;

/** Why the server did not let someone in: its status and its (translated) words. */
interface JoinRefusal { status: number | null; message: string }

/**
 * Accepting an invitation in one step: join with its token (none for a league anyone may join), greet the new member
 * with a call to bet, and land on the league's bets page. Answers the server's refusal when it does not let them in.
 */
export function useJoinByInvitation() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [join, state] = leagueJoin.useMutation();
  const joinAndBet = useCallback(async (leagueId: number, token: string | null): Promise<JoinRefusal | null> => {
    const result = await join({ body: { league_id: leagueId, invitation_token: token } });
    if ('error' in result && result.error) {
      const error = result.error as FetchBaseQueryError;
      return typeof error.status === 'number'
        ? { status: error.status, message: errorMessage(error) }
        : { status: null, message: t('errors.messages.invitation_not_found') };
    }
    navigate(firstBetPath(leagueId), { replace: true });
    return null;
  }, [join, navigate, t]);
  return { joinAndBet, joining: state.isLoading };
}
