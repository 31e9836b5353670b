import { entryHash, GENESIS_HASH, goalsSeal, type HashScheme } from './canonical';
import { verifyArchivedLog } from './verifyArchive';

const KEY = Buffer.from('archive-test-key');

/**
 * A chain of bet entries as an archive holds them; `withheld` redacts the goals of those seqs as the owner's
 * download does (a scheme-3 entry then carries the seal of its goals).
 */
function chain(schemes: HashScheme[], withheld: number[] = []) {
  let prev = GENESIS_HASH;
  return schemes.map((scheme, i) => {
    const seq = i + 1;
    const details = { result_bet_id: seq, match_id: 9, user_id: 3, before: null, after: { local_goals: seq, visiting_goals: 0 } };
    const hash = entryHash(prev, { league_id: 7, seq, actor_id: 1, action: 'result_bet.late_entry', details, created_at: 1000 + seq }, scheme, KEY);
    const hidden = withheld.includes(seq);
    const entry = {
      seq, actor_id: 1, action: 'result_bet.late_entry', created_at: 1000 + seq, prev_hash: prev as string | null, hash: hash as string | null, scheme,
      details: hidden ? { ...details, before: null, after: null, hidden: true } as Record<string, unknown> : details as Record<string, unknown>,
      withheld: hidden, goals_seal: hidden && scheme === 3 ? goalsSeal(details, KEY) : null,
    };
    prev = hash;
    return entry;
  });
}

describe('verifying a league archive', () => {
  it('recomputes every entry of an intact keyed chain', () => {
    expect(verifyArchivedLog(7, chain([2, 3, 3]), KEY)).toEqual({ leagueId: 7, entries: 3, recomputed: 3, sealed: 0, linkedOnly: 0, broken: null });
  });

  it('recomputes a withheld bet of scheme 3 from everything but its goals, which its seal stands for', () => {
    const log = chain([3, 3, 3], [2]);
    expect(verifyArchivedLog(7, log, KEY)).toMatchObject({ recomputed: 2, sealed: 1, linkedOnly: 0, broken: null });
    const changed = structuredClone(log);
    changed[1].details.user_id = 4;
    expect(verifyArchivedLog(7, changed, KEY).broken).toEqual({ seq: 2, reason: 'hash' });
    const otherGoals = structuredClone(log);
    otherGoals[1].goals_seal = goalsSeal({ before: null, after: { local_goals: 5, visiting_goals: 0 } }, KEY);
    expect(verifyArchivedLog(7, otherGoals, KEY).broken).toEqual({ seq: 2, reason: 'hash' });
    const noSeal = structuredClone(log);
    noSeal[1].goals_seal = null;
    expect(verifyArchivedLog(7, noSeal, KEY).broken).toEqual({ seq: 2, reason: 'hash' });
  });

  it('accepts withheld only on a bet entry whose goals alone are withheld', () => {
    const log = chain([3, 3]);
    const forged = structuredClone(log);
    Object.assign(forged[0], { action: 'member.removed', withheld: true, details: { user_id: 3, before: null, after: null, hidden: true } });
    expect(verifyArchivedLog(7, forged, KEY).broken).toEqual({ seq: 1, reason: 'withheld' });
    const more = structuredClone(chain([2, 3], [1]));
    more[0].details = { match_id: 9, before: null, after: null, hidden: true };
    expect(verifyArchivedLog(7, more, KEY).broken).toEqual({ seq: 1, reason: 'withheld' });
  });

  it('links a withheld entry of an older scheme without recomputing it, and still finds a change after it', () => {
    const log = chain([2, 2, 3], [2]);
    expect(verifyArchivedLog(7, log, KEY)).toMatchObject({ recomputed: 2, sealed: 0, linkedOnly: 1, broken: null });
    log[2].created_at += 1;
    expect(verifyArchivedLog(7, log, KEY).broken).toEqual({ seq: 3, reason: 'hash' });
  });

  it('takes the one link of a withheld unkeyed hash on trust (it is absent, as on the log page)', () => {
    const log = chain([1, 1, 2], [1]);
    log[0].hash = null;
    log[1].prev_hash = null;
    expect(verifyArchivedLog(7, log, KEY)).toMatchObject({ recomputed: 1, linkedOnly: 2, broken: null });
  });

  it('refuses a wrong key, a chain ending unkeyed, an unkeyed entry after a keyed one and a malformed entry', () => {
    expect(verifyArchivedLog(7, chain([2, 3]), Buffer.from('other')).broken).toEqual({ seq: 1, reason: 'hash' });
    expect(verifyArchivedLog(7, chain([3, 1]), KEY).broken).toEqual({ seq: 2, reason: 'unkeyed' });
    expect(verifyArchivedLog(7, chain([1, 1]), KEY).broken).toEqual({ seq: 2, reason: 'unkeyed' });
    expect(verifyArchivedLog(7, [{ seq: 1 }], KEY).broken).toEqual({ seq: 1, reason: 'unreadable' });
  });
});
