import type { Executor } from '../../platform/db/database';
import type { AuthUser } from '../../platform/http/context';
import { forbidden } from '../../platform/errors/errors';

/** Whether the caller acts through a personal API token (a bot) rather than in person. */
export const actsAsBot = (user: Pick<AuthUser, 'token'>): boolean => user.token !== undefined;

/** The by_bot flag a save by this caller writes: 1 through a token, 0 in person (which clears an earlier mark). */
export const byBotFlag = (user: Pick<AuthUser, 'token'>): 0 | 1 => (actsAsBot(user) ? 1 : 0);

/** A league that forbids bots refuses every bet placed with a personal API token (403). */
export function refuseBotIn(bots: string, user: Pick<AuthUser, 'token'>): void {
  if (bots === 'forbidden' && actsAsBot(user)) throw forbidden('errors.bots_forbidden');
}

/** refuseBotIn for a league known by id (its setting read as committed now). */
export async function refuseForbiddenBot(db: Executor, leagueId: number, user: Pick<AuthUser, 'token'>): Promise<void> {
  if (!actsAsBot(user)) return;
  const league = await db.selectFrom('leagues').select('bots').where('id', '=', leagueId).executeTakeFirst();
  refuseBotIn(league?.bots ?? 'marked', user);
}

/** Others see the robot mark on a bet once it is shown, and only in a league that marks bots. */
export const botMarkShown = (bet: { by_bot: number; bots: string }, shown: boolean): boolean =>
  shown && bet.by_bot === 1 && bet.bots === 'marked';
