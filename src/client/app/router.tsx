import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { RequireUser } from '../features/account/RequireUser';
import { ErrorBoundary } from '../lib/errors/ErrorBoundary';
import { InternalErrorScreen } from '../lib/errors/InternalErrorScreen';
import { LoadingOverlay } from './shell/LoadingOverlay';
import { PageTitle } from '../lib/navigation/PageTitle';
import { Shell } from './shell/Shell';

/*
 * Route objects rendered with useRoutes (react-router's declarative mode) and screens split with React.lazy:
 * the data-router runtime would add about 20 KB gzip to the first page for features the app does not use
 * (data loading stays in RTK Query).
 */

type Access = 'public' | 'user';

/**
 * A screen loaded on first visit (its own chunk) under its page title (a text key; none for a route whose children
 * have theirs); `user` screens send visitors to sign-in first.
 */
function screen(Screen: LazyExoticComponent<ComponentType> | ComponentType, title: string | null, access: Access = 'public') {
  const element = (
    <>
      {title && <PageTitle titleKey={title} />}
      <Suspense fallback={<LoadingOverlay open />}><Screen /></Suspense>
    </>
  );
  return access === 'user' ? <RequireUser>{element}</RequireUser> : element;
}

const HomeScreen = lazy(() => import(/* webpackChunkName: "home" */ '../features/home/HomeScreen'));
const SignInScreen = lazy(() => import(/* webpackChunkName: "sign-in" */ '../features/account/SignInScreen'));
const SignUpScreen = lazy(() => import(/* webpackChunkName: "sign-up" */ '../features/account/SignUpScreen'));
const EditAccountScreen = lazy(() => import(/* webpackChunkName: "edit-account" */ '../features/account/EditAccountScreen'));
const ApiTokensScreen = lazy(() => import(/* webpackChunkName: "api-tokens" */ '../features/apiTokens/ApiTokensScreen'));
const ForgotPasswordScreen = lazy(() => import(/* webpackChunkName: "forgot-password" */ '../features/account/ForgotPasswordScreen'));
const ResetPasswordScreen = lazy(() => import(/* webpackChunkName: "reset-password" */ '../features/account/ResetPasswordScreen'));
const VerifyEmailScreen = lazy(() => import(/* webpackChunkName: "verify-email" */ '../features/account/VerifyEmailScreen'));
const HelpScreen = lazy(() => import(/* webpackChunkName: "help" */ '../features/help/HelpScreen'));
const ContactScreen = lazy(() => import(/* webpackChunkName: "contact" */ '../features/contact/ContactScreen'));
const NotAllowedScreen = lazy(() => import(/* webpackChunkName: "not-allowed" */ '../lib/errors/NotAllowedScreen'));
const BetsScreen = lazy(() => import(/* webpackChunkName: "bets" */ '../features/bets/BetsScreen'));
const MatchBetsScreen = lazy(() => import(/* webpackChunkName: "match-bets" */ '../features/matchBets/MatchBetsScreen'));
const BetsSummaryScreen = lazy(() => import(/* webpackChunkName: "bets-summary" */ '../features/betsSummary/BetsSummaryScreen'));
const LeagueScreen = lazy(() => import(/* webpackChunkName: "league" */ '../features/leagues/LeagueScreen'));
const LeagueBoardCard = lazy(() => import(/* webpackChunkName: "league-board" */ '../features/leagueBoard/LeagueBoardCard'));
const LeagueFormScreen = lazy(() => import(/* webpackChunkName: "league-form" */ '../features/leagues/settings/LeagueFormScreen'));
const LeagueAdminScreen = lazy(() => import(/* webpackChunkName: "league-admin" */ '../features/leagues/members/LeagueAdminScreen'));
const WebhooksScreen = lazy(() => import(/* webpackChunkName: "webhooks" */ '../features/webhooks/WebhooksScreen'));
const InvitationEntryScreen = lazy(() => import(/* webpackChunkName: "join-league" */ '../features/leagues/invitations/InvitationEntryScreen'));
const SearchLeaguesScreen = lazy(() => import(/* webpackChunkName: "search-leagues" */ '../features/leagues/SearchLeaguesScreen'));
const MessagesScreen = lazy(() => import(/* webpackChunkName: "messages" */ '../features/leagues/MessagesScreen'));
const InvitationsScreen = lazy(() => import(/* webpackChunkName: "invitations" */ '../features/leagues/invitations/InvitationsScreen'));
const MatchEditScreen = lazy(() => import(/* webpackChunkName: "match-edit" */ '../features/admin/MatchEditScreen'));
const AdminConsoleScreen = lazy(() => import(/* webpackChunkName: "admin-console" */ '../features/adminConsole/AdminConsoleScreen'));
const AdminCompetitionsPage = lazy(() => import(/* webpackChunkName: "admin-competitions" */ '../features/adminConsole/CompetitionsPage'));
const AdminProcessesPage = lazy(() => import(/* webpackChunkName: "admin-processes" */ '../features/adminConsole/ProcessesPage'));
const AdminUsersPage = lazy(() => import(/* webpackChunkName: "admin-users" */ '../features/adminConsole/UsersPage'));
const AdminMailPage = lazy(() => import(/* webpackChunkName: "admin-mail" */ '../features/adminConsole/MailPage'));
const AdminSettingsPage = lazy(() => import(/* webpackChunkName: "admin-settings" */ '../features/adminConsole/SettingsPage'));
const BonusQuestionsScreen = lazy(() => import(/* webpackChunkName: "bonus-questions" */ '../features/bonusQuestions/BonusQuestionsScreen'));
const LeagueLogScreen = lazy(() => import(/* webpackChunkName: "league-log" */ '../features/leagueLog/LeagueLogScreen'));
const LeaguePointsScreen = lazy(() => import(/* webpackChunkName: "league-points" */ '../features/leagues/scoring/LeaguePointsScreen'));
const RankingScreen = lazy(() => import(/* webpackChunkName: "ranking" */ '../features/ranking/RankingScreen'));
const NotFoundScreen = lazy(() => import(/* webpackChunkName: "not-found" */ '../lib/errors/NotFoundScreen'));

/** Every route, plus the pages the interface texts imply. */
const routes: RouteObject[] = [
  {
    path: '/',
    element: <ErrorBoundary fallback={<InternalErrorScreen />}><Shell /></ErrorBoundary>,
    children: [
      { index: true, element: screen(HomeScreen, 'titles.home') },
      { path: 'leagues/new', element: screen(LeagueFormScreen, 'titles.new_league', 'user') },
      { path: 'leagues/search', element: screen(SearchLeaguesScreen, 'titles.search_leagues', 'user') },
      { path: 'leagues/edit/:leagueId', element: screen(LeagueFormScreen, 'titles.edit_league', 'user') },
      { path: 'leagues/admin/:leagueId', element: screen(LeagueAdminScreen, 'titles.league_admin', 'user') },
      // Public: a visitor holding an invitation sees its league and signs up on the page.
      { path: 'leagues/join/:leagueId/:invitationToken', element: screen(InvitationEntryScreen, 'titles.join_league') },
      {
        path: 'leagues/:leagueId', element: screen(LeagueScreen, 'titles.league', 'user'),
        children: [{ index: true, element: <Suspense fallback={null}><LeagueBoardCard /></Suspense> }],
      },
      { path: 'leagues/:leagueId/summary', element: screen(BetsSummaryScreen, 'titles.bets_summary', 'user') },
      { path: 'leagues/:leagueId/bonus', element: screen(BonusQuestionsScreen, 'bonus.title', 'user') },
      { path: 'leagues/:leagueId/log', element: screen(LeagueLogScreen, 'league_log.title', 'user') },
      { path: 'leagues/:leagueId/webhooks', element: screen(WebhooksScreen, 'webhooks.title', 'user') },
      { path: 'leagues/:leagueId/points', element: screen(LeaguePointsScreen, 'league_points.title', 'user') },
      { path: 'competitions/:competitionId/ranking', element: screen(RankingScreen, 'ranking.title', 'user') },
      { path: 'result_bets/new', element: screen(BetsScreen, 'titles.bets', 'user') },
      { path: 'matches/:matchId/show_bets', element: screen(MatchBetsScreen, 'titles.match_bets', 'user') },
      { path: 'messages', element: screen(MessagesScreen, 'titles.messages', 'user') },
      { path: 'invitations', element: screen(InvitationsScreen, 'titles.invitations', 'user') },
      { path: 'admin/matches/:matchId', element: screen(MatchEditScreen, 'admin.edit_match', 'user') },
      {
        path: 'admin', element: screen(AdminConsoleScreen, null, 'user'),
        children: [
          { index: true, element: <Navigate to="competitions" replace /> },
          { path: 'competitions', element: screen(AdminCompetitionsPage, 'titles.admin.competitions') },
          { path: 'processes', element: screen(AdminProcessesPage, 'titles.admin.processes') },
          { path: 'users', element: screen(AdminUsersPage, 'titles.admin.users') },
          { path: 'mail', element: screen(AdminMailPage, 'titles.admin.mail') },
          { path: 'settings', element: screen(AdminSettingsPage, 'titles.admin.settings') },
        ],
      },
      { path: 'users/sign_in', element: screen(SignInScreen, 'account.sign_in') },
      { path: 'users/sign_up', element: screen(SignUpScreen, 'account.sign_up') },
      { path: 'users/edit', element: screen(EditAccountScreen, 'account.edit', 'user') },
      { path: 'users/api_tokens', element: screen(ApiTokensScreen, 'api_tokens.title', 'user') },
      { path: 'users/password/new', element: screen(ForgotPasswordScreen, 'titles.forgot_password') },
      { path: 'users/password/edit', element: screen(ResetPasswordScreen, 'account.reset_password') },
      { path: 'verify_email', element: screen(VerifyEmailScreen, 'account.verify_email_title') },
      { path: 'help/:page', element: screen(HelpScreen, 'help.:page.title') },
      { path: 'contact', element: screen(ContactScreen, 'contact.title') },
      { path: 'not_allowed', element: screen(NotAllowedScreen, 'errors.pages.not_allowed_heading') },
      { path: 'internal_server_error', element: <InternalErrorScreen /> },
      { path: '*', element: screen(NotFoundScreen, 'titles.not_found') },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
