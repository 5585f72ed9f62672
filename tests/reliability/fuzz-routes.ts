import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../resources';
import type { CatalogueEntry } from '../../server/plugins/route-catalogue';
import { createExamples } from '../fixtures/examples';
import { figure, multipartBody, startReliableServer, type Kind } from './support';

/**
 * Every route the server registers (read from its route catalogue, so routes added later are
 * fuzzed too) gets FUZZ_RUNS random requests (200 by default, 1,000 for a deep run): odd path
 * ids, query strings, JSON, malformed JSON, multipart and form bodies, with or without a token.
 * No answer may be a 5xx, every API answer is the JSON envelope, and a refused request (4xx)
 * leaves every table and every uploaded file exactly as they were.
 * FUZZ_PG=1 runs the same on a throwaway PostgreSQL database.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const KINDS: Kind[] = process.env.FUZZ_PG ? ['sqlite', 'postgres'] : ['sqlite'];

/** Names worth trying as keys: every descriptor field, the list query's, the auth routes'. */
const KNOWN_KEYS = [
  ...new Set([
    ...registry.all.flatMap((d) => d.fields.flatMap((f) => [f.name, `${f.name}_json`])),
    ...['page', 'limit', 'search', 'sort', 'order', 'status', 'per_page', '_start', '_end', 'filter', 'id', 'q'],
    ...['username', 'password', 'remember', 'token', 'email', 'old_password', 'new_password', '__proto__', 'constructor'],
  ]),
];

const NASTY_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  '9007199254740993',
  'NaN',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '{"a":',
  '\u0000',
  '\ud800',
  '%00',
  '../../etc/passwd',
  '..%2f..%2f',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '${7*7}',
  '\r\nSet-Cookie: x=1',
  'Ā'.repeat(300),
  'x'.repeat(5000),
  '2024-02-30',
  '2024-01-01T25:61:00Z',
  '+880 1711 123456',
  'a@b.c',
  'http://example.org/',
];

const nastyString = fc.oneof(fc.constantFrom(...NASTY_STRINGS), fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }));
const nastyNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1, 2, 1.005, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, Number.MAX_VALUE, -0),
);
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 3, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
  { weight: 1, arbitrary: fc.array(fc.oneof(nastyString, nastyNumber), { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);
const key = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...KNOWN_KEYS) },
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 12 }) },
);
const record = fc.dictionary(key, nastyValue, { maxKeys: 8 });

/** Percent-encodes any string, lone surrogates included (as U+FFFD, the way a browser would). */
const enc = (v: string) => encodeURIComponent(Buffer.from(v).toString());

const pathParam = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: -2, max: 40 }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom('0', '1.5', '1e3', '0x10', ' 1', '99999999999999999999', 'NaN', '-0', '%00', '..%2F..') },
  { weight: 1, arbitrary: fc.string({ maxLength: 25 }).map(enc) },
);

const query = fc.option(
  fc
    .array(fc.tuple(key, fc.oneof(nastyString, nastyNumber.map(String))), { maxLength: 6 })
    .map((pairs) => pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&')),
  { nil: undefined },
);

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string; type: string }
  | { kind: 'multipart'; fields: [string, unknown][]; file?: { name: string; bytes: Uint8Array } };

const body: fc.Arbitrary<Body> = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  { weight: 5, arbitrary: record.map((value) => ({ kind: 'json' as const, value })) },
  { weight: 1, arbitrary: fc.oneof(fc.jsonValue(), nastyString).map((value) => ({ kind: 'json' as const, value })) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('raw' as const),
      text: fc.oneof(nastyString, fc.constantFrom('{"a":1', '[1,2', '--x\r\n\r\n', 'a=1&b=2')),
      type: fc.constantFrom(
        'application/json',
        'multipart/form-data; boundary=x',
        'multipart/form-data',
        'application/x-www-form-urlencoded',
        'text/plain',
        'application/xml',
      ),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record(
      {
        kind: fc.constant('multipart' as const),
        fields: fc.array(fc.tuple(key, nastyValue), { maxLength: 6 }),
        file: fc.record({ name: key, bytes: fc.uint8Array({ maxLength: 64 }) }),
      },
      { requiredKeys: ['kind', 'fields'] },
    ),
  },
);

const auth = fc.constantFrom<'admin' | 'none' | 'garbage'>('admin', 'admin', 'admin', 'admin', 'admin', 'admin', 'none', 'garbage');

interface Case {
  params: string[];
  query: string | undefined;
  body: Body;
  auth: 'admin' | 'none' | 'garbage';
}

function caseFor(route: CatalogueEntry): fc.Arbitrary<Case> {
  const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)|\*/g)];
  const takesBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
  return fc.record({
    params: fc.array(pathParam, { minLength: names.length, maxLength: names.length }),
    query,
    body: takesBody ? body : fc.oneof(fc.constant<Body>({ kind: 'none' }), body),
    auth,
  });
}

function urlOf(route: CatalogueEntry, c: Case): string {
  let i = 0;
  const path = route.url.replace(/:([A-Za-z0-9_]+)|\*/g, () => c.params[i++] ?? '1');
  return c.query === undefined ? path : `${path}?${c.query}`;
}

/** JSON.stringify answers undefined (not a string) for undefined and functions. */
const json = (v: unknown): string => (v === undefined || typeof v === 'function' ? 'null' : JSON.stringify(v));
const text = (v: unknown) => (typeof v === 'string' ? v : json(v));

function payloadOf(b: Body): { payload?: Buffer | string; headers: Record<string, string> } {
  switch (b.kind) {
    case 'none':
      return { headers: {} };
    case 'json':
      return { payload: json(b.value), headers: { 'content-type': 'application/json' } };
    case 'raw':
      return { payload: b.text, headers: { 'content-type': b.type } };
    case 'multipart':
      return multipartBody([
        ...b.fields.map(([name, value]) => ({ name, value: text(value) })),
        ...(b.file ? [{ name: b.file.name, value: Buffer.from(b.file.bytes), filename: 'f.bin' }] : []),
      ]);
  }
}

/** Routes whose refusals are recorded by design: a wrong password or code (sign-in, unlock, a second-factor change) counts towards the account's lock-out. */
const RECORDS_FAILURES =
  /\/users\/user-login|\/reset-password-(verify|otp|new)|\/second-factor\/(unlock|unlock-passkey|recovery-renew|totp-remove)$/;

/** A write that would take the administrator's own rights away (Super Admin's group, the admin account). */
const selfHarm = (route: CatalogueEntry, c: Case) =>
  /\/(group|users?)\//.test(route.url) && route.url.includes(':') && route.method !== 'GET' && c.params[0] === '1';

/**
 * Fuzzes one part of the routes (every `parts`-th, from `part`), each part in a test file of its
 * own (tests/reliability/fuzz-*.test.ts) with its own server, so that the parts run side by side.
 */
export async function fuzzRoutes(part: number, parts: number) {
  for (const kind of KINDS) await fuzzOn(kind, part, parts);
}

async function fuzzOn(kind: Kind, part: number, parts: number) {
  // Built before the tests are declared: the routes to fuzz are read from the running server.
  const s = await startReliableServer(kind);
  // A record of every resource, so the path ids the cases try find records to read, change and delete.
  await createExamples(s.app);
  await s.app.ready();
  // HEAD routes are Fastify's copies of the GET ones; fuzzing GET covers their handlers.
  const every = s.app.routeCatalogue.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
  const routes = every.filter((_, i) => i % parts === part);

  describe(`fuzzing every route (${kind}, part ${part + 1} of ${parts})`, () => {
    let cases = 0;
    let refusals = 0;
    let fingerprints = 0;
    let injectMs = 0;
    let fingerprintMs = 0;
    const statuses = new Map<number, number>();
    const started = Date.now();
    let known = '';
    let knownAt: number | undefined = -1;

    beforeAll(async () => {
      known = await s.fingerprint();
      knownAt = s.changes();
    });
    afterAll(async () => {
      const codes = [...statuses.entries()].sort(([a], [b]) => a - b).map(([code, n]) => `${code}x${n}`);
      figure(
        `fuzz (${kind}, part ${part + 1} of ${parts})`,
        `${routes.length} of ${every.length} routes x ${RUNS} = ${cases} cases in ${((Date.now() - started) / 1000).toFixed(1)} s, no 5xx; ${refusals} refusals, ${fingerprints} full fingerprints compared; statuses ${codes.join(' ')}; ${(injectMs / 1000).toFixed(1)} s in requests, ${(fingerprintMs / 1000).toFixed(1)} s fingerprinting`,
      );
      await s.close();
    });

    it('finds the generated and hand-written routes in the server itself', () => {
      const urls = every.map((r) => `${r.method} ${r.url}`);
      for (const d of registry.all) {
        const list = `GET /api/${d.api.prefix}/${d.api.entity ?? d.api.prefix}-list`;
        // Generated lists are registered with the contract's trailing slash, module lists without.
        expect(urls.includes(list) || urls.includes(`${list}/`), list).toBe(true);
      }
      expect(urls).toContain('POST /api/users/user-login');
      expect(every.length).toBeGreaterThan(registry.all.length * 3);
      expect(routes.length).toBeGreaterThan(0);
    });

    for (const route of routes) {
      it(`${route.method} ${route.url}: ${RUNS} cases, no 5xx, nothing changed on refusal`, async () => {
        await fc.assert(
          fc.asyncProperty(caseFor(route), async (c) => {
            if (selfHarm(route, c)) return;
            const url = urlOf(route, c);
            const { payload, headers } = payloadOf(c.body);
            const token = c.auth === 'admin' ? s.token : c.auth === 'garbage' ? `not-a-token-${url.length}` : null;
            const before = s.changes();
            // On SQLite the change counter says when the fingerprint must be taken again.
            if (before === undefined || before !== knownAt) {
              const t = performance.now();
              known = await s.fingerprint();
              fingerprintMs += performance.now() - t;
              knownAt = before;
              fingerprints++;
            }
            const t = performance.now();
            const res = await s.call(route.method, url, { token, headers, ...(payload === undefined ? {} : { payload }) });
            injectMs += performance.now() - t;
            cases++;
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            const where = `${route.method} ${url} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
            expect(res.statusCode, where).toBeLessThan(500);
            // The API documentation (/api/docs/json) is an OpenAPI document, not a contract answer.
            if (!route.url.startsWith('/api/docs') && res.headers['content-type']?.toString().startsWith('application/json')) {
              expect(typeof res.json<{ status: unknown }>().status, where).toBe('number');
            }
            if (res.statusCode >= 400) {
              refusals++;
              // Failed sign-ins and one-time-code attempts are recorded by design (history, lock-out, tries).
              if (RECORDS_FAILURES.test(route.url)) return;
              const after = s.changes();
              if (after === undefined || after !== knownAt) {
                fingerprints++;
                expect(await s.fingerprint(), `a refused request changed the database: ${where}`).toBe(known);
              }
            }
            // A case that ended the admin's session (sign-out) must not blind the rest of the run.
            if (c.auth === 'admin' && res.statusCode === 401) await s.login();
          }),
          { numRuns: RUNS, endOnFailure: true },
        );
      });
    }
  });
}
