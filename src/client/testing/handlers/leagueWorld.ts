import type { League } from '../../../shared/api/entities';
import { SCORING_PRESETS } from '../../../shared/domain/scoring';
import type { RouteName } from '../../../shared/api/routeTable';
import { fakeApi, userByToken, type FakeUser } from './fakeApi';
import { fail, handle, type Call, type Reply } from './route';
import { COMPETITIONS } from './reference';

/**
 * The leagues side of the fake API (leagues, members, tables, invitations, messages, picks), rebuilt before every
 * test by resetLeagueWorld. `failing` makes the named routes answer 500, for the screens' error states.
 */
interface FakeMember { user_id: number; department: string | null; joined_at: string; points: number; matchday: number }
interface FakeInvitation {
  id: number; league_id: number; email: string; token: string; status: 'pending' | 'accepted' | 'dismissed' | 'deleted'; inviter_name: string | null;
  inviter_id: number;
  /** The inviter's note, as sent. */
  message?: string | null;
}

const NAMES = ['Ana', 'Root', 'Bea', 'Carlos', 'Dani', 'Elena', 'Fran', 'Gala', 'Hugo', 'Inés', 'Julia', 'Kiko', 'Lola', 'Mario'];
/** Ana (1) and Root (2) are fakeApi's accounts; the other members have ids from 103 up, clear of accounts tests sign up. */
const memberId = (index: number): number => (index < 2 ? index + 1 : 101 + index);
export const BEA = memberId(2);
export const CARLOS = memberId(3);

export function leagueRow(overrides: Partial<League> & Pick<League, 'id' | 'name'>): League {
  const competition = COMPETITIONS.find((item) => item.id === (overrides.competition_id ?? 2))!;
  return {
    competition_id: competition.id, description: null, selected_team_ids: [], bets_system: 'exact', points_system: 'winner_and_goals',
    playoff_results_points: true, round_bets_enabled: true, person_bets_enabled: true, allow_invite: true, allow_join: false,
    editable_after_start: false, late_entry_after_result: false, head_to_head: false, bots: 'marked', start_matchday: 1, knockout_basis: 'regular',
    scoring: SCORING_PRESETS.classic, round_multipliers: [], jokers: { count: 0, multiplier: 2 }, bet_deadline_minutes: 5,
    lock_by: competition.is_league ? 'matchday' : 'match', jokers_left: 0, tie_breaks: [],
    competition: { id: competition.id, name: competition.name, finished: competition.finished, is_league: competition.is_league },
    owner_id: 1, owner_name: 'Ana', members_count: 1, is_member: true, department: null, share_token: `share-${overrides.id}`,
    editable: true, finished: competition.finished, created_at: '2026-05-01T10:00:00.000Z', ...overrides,
  };
}

function fresh() {
  const members = new Map<number, FakeMember[]>();
  // League 5: 14 members; Ana (1) is 12th, so she is below the first 10 rows.
  members.set(5, NAMES.map((_name, index) => ({
    user_id: memberId(index), department: index < 4 ? (index % 2 ? 'Sales' : 'IT') : null, joined_at: `2026-05-0${1 + (index % 9)}T10:00:00.000Z`,
    points: index === 0 ? 3 : 40 - index * 3, matchday: index % 4,
  })));
  members.set(6, [BEA, 1].map((user_id) => ({ user_id, department: null, joined_at: '2026-05-02T10:00:00.000Z', points: 5, matchday: 1 })));
  members.set(7, [{ user_id: 1, department: null, joined_at: '2022-11-01T10:00:00.000Z', points: 20, matchday: 0 }]);
  members.set(8, [{ user_id: BEA, department: null, joined_at: '2026-05-03T10:00:00.000Z', points: 0, matchday: 0 }]);
  return {
    leagues: [
      leagueRow({ id: 5, name: 'Office pool', owner_id: 1 }),
      leagueRow({ id: 6, name: 'Family league', competition_id: 3, owner_id: BEA, owner_name: 'Bea', round_bets_enabled: false, person_bets_enabled: false }),
      leagueRow({ id: 7, name: 'Qatar memories', competition_id: 1 }),
      leagueRow({ id: 8, name: 'Open league', owner_id: BEA, owner_name: 'Bea', allow_join: true }),
    ],
    members,
    invitations: [
      { id: 1, league_id: 5, email: 'friend@example.com', token: 'tok-1', status: 'pending', inviter_name: 'Ana', inviter_id: 1 },
      { id: 2, league_id: 8, email: 'ana@example.com', token: 'tok-2', status: 'pending', inviter_name: 'Bea', inviter_id: BEA },
    ] as FakeInvitation[],
    /** Picks visible to others (the home charts): false keeps every pick editable and hidden. */
    picksVisible: true,
    /** What GET matches/next_matches answers instead of the default rows (null: the default). */
    nextMatches: null as unknown[] | null,
    /** Bodies of PUT matches/:id, as sent. */
    matchEdits: [] as Array<Record<string, unknown>>,
    failing: new Set<RouteName>(),
    /** Members the owner removed, as "leagueId:userId": the share link no longer lets them in. */
    bans: new Set<string>(),
    /** Bonus questions by league (what GET bonus_questions/index answers; a league created with questions adds its own). */
    questions: [] as Array<{ id: number; league_id: number; text: string; kind: string; points: number; deadline: string; choices: string[] | null }>,
    nextId: 100,
  };
}

export let leagueWorld = fresh();
export function resetLeagueWorld(): void {
  leagueWorld = fresh();
}

export const memberIds = (leagueId: number): number[] => (leagueWorld.members.get(leagueId) ?? []).map((member) => member.user_id);
export const userName = (id: number): string => fakeApi.users.find((user) => user.id === id)?.name ?? NAMES[id > 100 ? id - 101 : id - 1] ?? `User ${id}`;

/** The league as the caller sees it (membership, share token and counts are per caller). */
export function leagueFor(league: League, user: FakeUser): League {
  const ids = memberIds(league.id);
  const member = ids.includes(user.id);
  return {
    ...league, is_member: member, members_count: ids.length, owner_name: userName(league.owner_id),
    department: leagueWorld.members.get(league.id)?.find((row) => row.user_id === user.id)?.department ?? null,
    share_token: member ? league.share_token : null,
  };
}

/** A handler that needs a signed-in caller and can be made to fail. */
export function handleSignedIn(name: RouteName, resolve: (call: Call, user: FakeUser) => Reply | Promise<Reply>) {
  return handle(name, (call) => {
    fakeApi.requests.push(`${call.request.method} ${new URL(call.request.url).pathname}`);
    if (leagueWorld.failing.has(name)) return fail(500, 'Internal server error');
    const user = userByToken(call.token);
    if (!user) return fail(401, 'You need to sign in or sign up before continuing');
    return resolve(call, user);
  });
}

/** A public read that can be made to fail. */
export function handlePublic(name: RouteName, resolve: (call: Call) => Reply | Promise<Reply>) {
  return handle(name, (call) => {
    fakeApi.requests.push(`${call.request.method} ${new URL(call.request.url).pathname}`);
    return leagueWorld.failing.has(name) ? fail(500, 'Internal server error') : resolve(call);
  });
}
