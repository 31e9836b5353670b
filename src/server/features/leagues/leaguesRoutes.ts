import { leagueRoutes } from '../../../shared/api/routes/leagues';
import { SCORING_PRESET_KEYS, SCORING_PRESETS } from '../../../shared/domain/scoring';
import type { AppDeps } from '../../platform/deps';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import { findLeagues, indexLeagues, leagueMembers, leagueRules, showLeague } from './leagueReadsService';
import { changeLeague, createLeague, regenerateShareToken, removeLeague } from './leaguesService';
import { changeDepartment, joinLeague, leaveLeague, removeFromLeague } from './membershipService';

export function leagueHandlers(deps: AppDeps): RouteHandlers<typeof leagueRoutes> {
  return {
    scoringPresets: async ({ req }) => SCORING_PRESET_KEYS.map((key) => ({
      key, name: req.t(`scoring.preset.${key}`), scoring: SCORING_PRESETS[key],
    })),
    leagueIndex: async ({ user, query }) => indexLeagues(deps, user, query),
    leagueShow: async ({ user, params, query }) => showLeague(deps, user, params.id, query.token),
    leaguesUsers: async ({ user, params }) => leagueMembers(deps, user, params.id),
    leagueLeagueRules: async ({ user, params }) => leagueRules(deps, user, params.id),
    leagueCreate: async ({ user, body, req }) => ({
      message: req.t('success.league_created'), league: await createLeague(deps, user, body.league, body.bonus_questions),
    }),
    leagueUpdate: async ({ user, params, body, req }) => ({
      message: req.t('success.league_updated'), league: await changeLeague(deps, user, params.id, body.league),
    }),
    leagueDelete: async ({ user, params, req }) => {
      await removeLeague(deps, user, params.id);
      return { message: req.t('success.league_deleted') };
    },
    leagueCancel: async ({ user, params, req }) => {
      await leaveLeague(deps, user, params.id);
      return { message: req.t('success.league_exited') };
    },
    leagueSearch: async ({ user, body }) => findLeagues(deps, user, body.text),
    leagueJoin: async ({ user, body, req }) => ({
      message: req.t('success.league_joined'), league: await joinLeague(deps, user, body.league_id, body.invitation_token),
    }),
    leagueUpdateDepartment: async ({ user, body, req }) => ({
      message: req.t('success.changes_saved'),
      member: await changeDepartment(deps, user, body.league_id, body.user_id, body.department),
    }),
    leagueRegenerateShareToken: async ({ user, params, req }) => ({
      message: req.t('success.share_link_regenerated'), league: await regenerateShareToken(deps, user, params.id),
    }),
    leagueRemoveUser: async ({ user, params, req }) => {
      await removeFromLeague(deps, user, params.league_id, params.user_id);
      return { message: req.t('success.user_removed') };
    },
  };
}
