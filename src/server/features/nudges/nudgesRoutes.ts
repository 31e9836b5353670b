import { nudgeRoutes } from '../../../shared/api/routes/nudges';
import type { AppDeps } from '../../platform/deps';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import type { Translate } from '../../platform/i18n/messages';
import { missingBets, nudgeMembers } from './nudgesService';

export function nudgeHandlers(deps: AppDeps): RouteHandlers<typeof nudgeRoutes> {
  return {
    leagueMissingBets: async ({ user, params }) => missingBets(deps, user, params.id),
    leagueNudge: async ({ user, params, req }) => {
      // The push and email leave in the background: the owner's answer never waits for SMTP or a push service.
      const { nudged, answer } = await nudgeMembers(deps, user, params.id);
      return { message: req.t('success.nudged', { names: nudged.map((m) => reached(req.t, m)).join('; ') }), ...answer };
    },
  };
}

/** "Carla (push, in Porra)": how the nudge reached a member, so the owner knows whether it will be seen soon. */
function reached(t: Translate, member: { user_name: string; reach: ('push' | 'email' | 'in_app')[] }): string {
  if (member.reach.length === 1) return t('nudges.reached_in_app_only', { name: member.user_name });
  return t('nudges.reached', { name: member.user_name, channels: member.reach.map((channel) => t(`nudges.channel_${channel}`)).join(', ') });
}
