import Type from 'typebox';
import { route } from '../route';
import { Id, IdParams, Nullable, Timestamp } from '../schemas';

/** One entry of a league archive's log, as stored: what `porra verify-log --file` recomputes the chain from. */
const ArchivedLogEntry = Type.Object({
  seq: Type.Integer({ minimum: 1 }),
  actor_id: Nullable(Type.Integer()),
  action: Type.String(),
  /** The entry's details as hashed; a bet still hidden from the owner has before/after null and hidden: true. */
  details: Type.Record(Type.String(), Type.Unknown()),
  /** Epoch milliseconds, exactly as hashed. */
  created_at: Type.Integer(),
  /** Null while the previous entry's unkeyed hash is withheld (it would give a hidden bet away). */
  prev_hash: Nullable(Type.String()),
  hash: Nullable(Type.String()),
  /**
   * 1: unkeyed sha256 (older entries); 2: HMAC-SHA256 with the server's log key; 3: as 2, a bet entry's goals
   * chained through their keyed seal.
   */
  scheme: Type.Integer({ minimum: 1, maximum: 3 }),
  /** The bet's goals were withheld for this reader (a hidden bet): only a bet entry's goals ever are. */
  withheld: Type.Boolean(),
  /** A withheld entry of scheme 3: the keyed seal of its goals, which its hash is recomputed with; otherwise null. */
  goals_seal: Nullable(Type.String()),
});

/** A league's whole history for its owner to keep. */
export const LeagueArchive = Type.Object({
  format: Type.Literal('porra-league-archive'),
  version: Type.Literal(2),
  exported_at: Timestamp,
  league: Type.Object({
    id: Id, name: Type.String(), competition: Type.String(), owner_id: Id, created_at: Timestamp,
    /** Every setting of the league (scoring, deadlines, jokers, picks, tie-breaks...), as stored. */
    settings: Type.Record(Type.String(), Type.Unknown()),
  }),
  members: Type.Array(Type.Object({
    user_id: Id, name: Type.String(), department: Nullable(Type.String()), joined_at: Timestamp,
  })),
  /** Every entry of the league's tamper-evident log, oldest first. */
  log: Type.Array(ArchivedLogEntry),
  /** HMAC-SHA256 (hex) of everything else, canonical JSON, with a key derived from the server's log key. */
  signature: Type.String(),
});

/** Everything Porra holds about the caller, by section (account, leagues, result_bets, picks, ...). */
const UserDataExport = Type.Object({
  format: Type.Literal('porra-user-data'),
  version: Type.Literal(1),
  exported_at: Timestamp,
  user_id: Id,
  sections: Type.Record(Type.String(), Type.Unknown()),
});

export const dataExportRoutes = {
  leagueExport: route({
    method: 'GET', path: '/leagues/export/:id', prefixed: true, access: 'user',
    errors: [403, 429, 503],
    contentType: 'text/csv',
    summary: "A league's table and every shown bet as CSV (members); after the competition ends the owner's includes picks and answers. Streamed as read; 503 with Retry-After while the process makes another league export",
    params: IdParams,
    response: Type.String({
      description: 'text/csv; charset=utf-8, UTF-8 with a byte-order mark, sent as an attachment. Blocks separated by an '
        + 'empty line, each with its own header row: the table (position, member, points, hits), then the bets on '
        + 'matches whose bets are shown; the owner of a finished league also gets the round picks, top-scorer picks '
        + 'and bonus answers. Cells holding a comma, quote, line break, semicolon, pipe or tab are quoted; a formula start '
        + '(= + - @, or tab or CR first) at the start of a cell or after any separator in it gets an apostrophe.',
    }),
  }),
  leagueArchive: route({
    method: 'GET', path: '/leagues/archive/:id', prefixed: true, access: 'user',
    errors: [403, 429, 503],
    summary: "A league's whole history as JSON for its owner: settings, members and the full log with its hashes, signed with the log key. 503 with Retry-After while the process makes another league export",
    params: IdParams,
    response: LeagueArchive,
  }),
  userExport: route({
    method: 'GET', path: '/users/export', prefixed: true, access: 'user',
    errors: [429],
    summary: 'Everything Porra holds about the caller as one JSON file (no secrets: no password hash, tokens or keys)',
    response: UserDataExport,
  }),
} as const;
