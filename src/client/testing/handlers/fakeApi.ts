/** The fake server's state, rebuilt before every test. Handlers read and change it; tests inspect it. */
export interface FakeUser {
  id: number; name: string; email: string; password: string; is_admin: boolean; email_verified: boolean; email_reminders: boolean; locale: 'es' | 'en';
  /** Left out of the overall rankings (account settings); false when absent. */
  ranking_hidden?: boolean;
  /** Times the calendar address was replaced (handlers/live.ts). */
  calendarGeneration?: number;
  /** Times every API token of the account was revoked with a profile change. */
  apiTokenRevocations?: number;
}
interface FakeAlert { alert_type: 1 | 2 | 3; message: string; league_id: number; league_name: string; matchday: number | null }

export const PLAYER: FakeUser = { id: 1, name: 'Ana', email: 'ana@example.com', password: 'secret123', is_admin: false, email_verified: true, email_reminders: false, locale: 'en' };
export const ADMIN: FakeUser = { id: 2, name: 'Root', email: 'root@example.com', password: 'admin1234', is_admin: true, email_verified: true, email_reminders: false, locale: 'en' };
/** Signed up, has not opened the verification link yet (not in the fake server: tests that need him add him). */
export const NEWCOMER: FakeUser = { id: 9, name: 'Nico', email: 'nico@example.com', password: 'newcomer1', is_admin: false, email_verified: false, email_reminders: false, locale: 'en' };

function fresh() {
  return {
    users: [{ ...PLAYER }, { ...ADMIN }] as FakeUser[],
    /** token -> user id */
    tokens: new Map<string, number>(),
    alerts: new Map<number, FakeAlert[]>(),
    logs: [] as unknown[],
    contacts: [] as unknown[],
    resetRequests: [] as unknown[],
    /** Verification tokens the fake server accepts, and the users they verify (used up once opened). */
    verificationTokens: new Map<string, number>([['good-verification-token', NEWCOMER.id]]),
    /** Verification links already used, and whose address they confirmed. */
    usedVerificationTokens: new Map<string, number>(),
    verificationResends: 0,
    /** result bet id -> goals, as saved */
    betSaves: [] as Array<{ result_bet_id: number; local_goals: number | null; visiting_goals: number | null; mode?: number; joker?: boolean }>,
    /** Every request seen, "METHOD /path" with the locale kept. */
    requests: [] as string[],
    nextToken: 1,
  };
}

export let fakeApi = fresh();

export function resetFakeApi(): void {
  fakeApi = fresh();
}

export function issueToken(userId: number): string {
  const token = `token-${userId}-${fakeApi.nextToken++}`;
  fakeApi.tokens.set(token, userId);
  return token;
}

export const userByToken = (token: string | null): FakeUser | undefined => {
  const id = token ? fakeApi.tokens.get(token) : undefined;
  return id ? fakeApi.users.find((user) => user.id === id) : undefined;
};

export const accountOf = ({ password: _password, ...user }: FakeUser) => ({ ...user, ranking_hidden: user.ranking_hidden === true });
