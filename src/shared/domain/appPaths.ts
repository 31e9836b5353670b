/**
 * Where a link may send someone after signing up, verifying or signing in: a path of this app ("/leagues/3",
 * "/leagues/join/3/abc?x=1"), never another origin. A leading "//" or "/\" would leave the site, and a scheme
 * ("https:", "javascript:") cannot start with "/", so only paths that start with one "/" followed by plain URL
 * characters are kept.
 */
// No backslash is allowed at all, and the character after the first "/" is anything allowed but another "/".
export const APP_PATH_PATTERN = '^/([A-Za-z0-9._~?=&%-][A-Za-z0-9._~/?=&%-]*)?$';
export const APP_PATH_MAX_LENGTH = 300;

const APP_PATH = new RegExp(APP_PATH_PATTERN);

export function isAppPath(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.length <= APP_PATH_MAX_LENGTH && APP_PATH.test(value);
}

/** The client page of an invitation (or share) link: it names the league and lets the invitee in. */
export const joinPath = (leagueId: number, token: string) => `/leagues/join/${leagueId}/${token}`;

const JOIN_PATH = /^\/leagues\/join\/(\d{1,10})\/([A-Za-z0-9_-]{1,64})$/;

/** The league and token of a join page path, if `path` is one. */
export function parseJoinPath(path: string | null | undefined): { leagueId: number; token: string } | undefined {
  const match = path ? JOIN_PATH.exec(path) : null;
  return match ? { leagueId: Number(match[1]), token: match[2] } : undefined;
}
