import { entryHash, GENESIS_HASH } from './canonical';
import { verifyArchivedLog } from './verifyArchive';

const KEY = Buffer.from('archive-test-key');

/** A chain of entries as an archive holds them; `withheld` redacts the details of those seqs as the owner's download does. */
function chain(schemes: (1 | 2)[], withheld: number[] = []) {
  let prev = GENESIS_HASH;
  return schemes.map((scheme, i) => {
    const seq = i + 1;
    const details = { result_bet_id: seq, match_id: 9, user_id: 3, before: null, after: { local_goals: seq, visiting_goals: 0 } };
    const hash = entryHash(prev, { league_id: 7, seq, actor_id: 1, action: 'result_bet.late_entry', details, created_at: 1000 + seq }, scheme, KEY);
    const entry = {
      seq, actor_id: 1, action: 'result_bet.late_entry', created_at: 1000 + seq, prev_hash: prev as string | null, hash: hash as string | null, scheme,
      details: withheld.includes(seq) ? { ...details, before: null, after: null, hidden: true } : details, withheld: withheld.includes(seq),
    };
    prev = hash;
    return entry;
  });
}

describe('verifying a league archive', () => {
  it('recomputes every entry of an intact keyed chain', () => {
    expect(verifyArchivedLog(7, chain([2, 2, 2]), KEY)).toEqual({ leagueId: 7, entries: 3, recomputed: 3, withheld: 0, broken: null });
  });

  it('links a withheld keyed entry without recomputing it, and still finds a change after it', () => {
    const log = chain([2, 2, 2], [2]);
    expect(verifyArchivedLog(7, log, KEY)).toMatchObject({ recomputed: 2, withheld: 1, broken: null });
    log[2].created_at += 1;
    expect(verifyArchivedLog(7, log, KEY).broken).toEqual({ seq: 3, reason: 'hash' });
  });

  it("takes the one link of a withheld unkeyed hash on trust (it is absent, as on the log page)", () => {
    const log = chain([1, 1, 2], [1]);
    log[0].hash = null;
    log[1].prev_hash = null;
    expect(verifyArchivedLog(7, log, KEY)).toMatchObject({ recomputed: 1, withheld: 2, broken: null });
  });

  it('refuses a wrong key, a chain ending unkeyed, an unkeyed entry after a keyed one and a malformed entry', () => {
    expect(verifyArchivedLog(7, chain([2, 2]), Buffer.from('other')).broken).toEqual({ seq: 1, reason: 'hash' });
    expect(verifyArchivedLog(7, chain([2, 1]), KEY).broken).toEqual({ seq: 2, reason: 'unkeyed' });
    expect(verifyArchivedLog(7, chain([1, 1]), KEY).broken).toEqual({ seq: 2, reason: 'unkeyed' });
    expect(verifyArchivedLog(7, [{ seq: 1 }], KEY).broken).toEqual({ seq: 1, reason: 'unreadable' });
  });
});
