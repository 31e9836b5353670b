import type { World } from './scenarios';

/** New players and the demo cup, made through the API so a scenario does not depend on the others. */

export const NEW_PLAYER_PASSWORD = 'secret-pass-1';

export interface NewPlayer { id: number; name: string; email: string; password: string; token: string }

/** Signs up `name` (an address unique to `stamp`) and signs in. */
export async function newPlayer(w: World, name: string, stamp: number): Promise<NewPlayer> {
  const email = `${name.toLowerCase()}-${stamp}@e2e.test`;
  const password = NEW_PLAYER_PASSWORD;
  await w.api.call('POST', '/users', { locale: null, body: { api_v1_user: { name, email, password, password_confirmation: password } } });
  return { name, email, password, ...(await w.api.signIn(email, password)) };
}

/** The demo's cup still being played (else the first competition). */
export async function openCup(w: World): Promise<{ id: number; name: string }> {
  const competitions = await w.api.call<Array<{ id: number; name: string; finished: boolean; is_league: boolean }>>('GET', '/competition/index');
  return competitions.find((competition) => !competition.finished && !competition.is_league) ?? competitions[0];
}
