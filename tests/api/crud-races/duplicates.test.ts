import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../harness';

/**
 * Two creates of one code at once both pass the duplicate check before either writes; the
 * database's unique index refuses the second. Its answer must be the check's own: 409 naming the
 * field, never a 500 or an answer without the field.
 */
describe.each(DATABASES)('a duplicate won by a simultaneous create on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
  });
  afterAll(() => s.close());

  it('answers the loser as the duplicate check does (10 rounds)', async () => {
    for (let round = 0; round < 10; round++) {
      const code = `TWIN-${round}`;
      const body = { branch_code: code, branch_name: `Twin ${round}` };
      const answers = await Promise.all([
        s.call('POST', '/api/branch/branch-create', { body }),
        s.call('POST', '/api/branch/branch-create', { body }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      const loser = answers.find((a) => a.statusCode === 409)!.json();
      expect(loser).toMatchObject({
        status: 0,
        message: `branch_code "${code}" already exists`,
        errors: { branch_code: 'already exists' },
      });
    }
  });
});
