import fc from 'fast-check';
import { canonicalJson, hashParts, joinParts, type HashedEntry } from '../../../server/modules/audit/chain';

/**
 * PostgreSQL's `audit_append` hashes an entry from its canonical JSON cut around the time, id and
 * previous hash, with those three spliced back in: the splice must give exactly the bytes that
 * `entryHash` hashes, whatever the values hold (quotes, escapes, scripts, the cut's own markers).
 */
const text = fc.oneof(fc.string(), fc.constantFrom('"audit_at":', '\\u0000', '"\\"', 'নাম', 'မြန်မာ', '=SUM(A1)', '\u2028'));
const entry = fc.record<HashedEntry>({
  audit_id: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  audit_at: fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString()),
  audit_actor: fc.option(fc.integer({ min: 1, max: 10_000 })),
  audit_actor_name: fc.option(text),
  audit_actor_branch: fc.option(fc.integer({ min: 0, max: 100 })),
  audit_action: text,
  audit_resource: text,
  audit_record: fc.option(fc.integer({ min: 1, max: 10_000 })),
  audit_branch: fc.option(fc.integer({ min: 0, max: 100 })),
  audit_changes: fc.dictionary(text, text).map(canonicalJson),
  audit_snapshot: fc.option(fc.dictionary(text, fc.oneof(text, fc.integer())).map(canonicalJson)),
  audit_ip: text,
  audit_browser: text,
  audit_request: text,
  audit_prev_hash: fc.string({ unit: fc.constantFrom(...'0123456789abcdef'.split('')), minLength: 64, maxLength: 64 }),
});

test('the cut entry, with its time, id and previous hash put back, is its canonical JSON', () => {
  fc.assert(
    fc.property(entry, (e) => {
      const { audit_at, audit_id, audit_prev_hash, ...body } = e;
      expect(joinParts(hashParts(body), audit_at, audit_id, audit_prev_hash)).toBe(canonicalJson(e));
    }),
    { numRuns: 300 },
  );
});
