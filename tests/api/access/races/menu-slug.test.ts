import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../../harness';

const ROUNDS = 10;
// The one contract's duplicate answer, as for every unique field of every resource.
const used = (slug: string) => `menu_slug "${slug}" already exists`;

/** Two creates with one slug at once: one 201, one 409 exactly as the slug check answers it, one row. */
describe.each(DATABASES)('simultaneous creates of one menu slug on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
  });
  afterAll(() => s.close());

  const create = (slug: string) => s.call('POST', '/api/menu/menu-create', { body: { menu_name: 'Dup', menu_slug: slug } });

  it('answers 201 and 409 (never 500) and stores one menu', async () => {
    const db = s.app.ctx.conn.db;
    const problems: string[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const slug = `race-dup-${i}`;
      const answers = await Promise.all([create(slug), create(slug)]);
      const codes = answers.map((r) => r.statusCode).sort();
      if (codes.join('/') !== '201/409') problems.push(`round ${i}: answered ${codes.join('/')}`);
      const refused = answers.find((r) => r.statusCode === 409);
      if (refused) {
        const body = refused.json();
        if (body.message !== used(slug) || body.errors?.menu_slug !== 'already exists') problems.push(`round ${i}: ${refused.body}`);
      }
      const n = await db.selectFrom('menu').select('menu_id').where('menu_slug', '=', slug).execute();
      if (n.length !== 1) problems.push(`round ${i}: ${n.length} rows`);
    }
    expect(problems).toEqual([]);
  });

  // A slug taken by a write the check cannot see (here: another transaction that commits while the
  // create waits on the unique index) reaches the database's constraint: still the same 409.
  it.runIf(kind === 'postgres')("maps the database's unique violation to the slug check's 409", async () => {
    const db = s.app.ctx.conn.db;
    const slug = 'race-held';
    let answer: Awaited<ReturnType<typeof create>> | undefined;
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('menu')
        .values({
          menu_name: 'Held',
          menu_slug: slug,
          menu_position: 1,
          main_menu: 0,
          sub_menu: 'No',
          menu_api_method: 'get',
          menu_icon: 'bx bx-border-all',
          menu_shortcut_status: 0,
          menu_visible_status: 1,
          menu_status: 1,
        })
        .execute();
      const pending = create(slug).then((r) => (answer = r));
      // Wait until the create's insert is blocked on the uncommitted row, then commit it.
      for (let i = 0; i < 200; i++) {
        const waiting = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE 'insert into "menu"%'`.execute(db);
        if (waiting.rows[0]!.n > 0) break;
        if (answer) throw new Error(`the create did not wait: ${answer.statusCode} ${answer.body}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      void pending;
    });
    for (let i = 0; i < 200 && !answer; i++) await new Promise((r) => setTimeout(r, 10));
    expect(answer?.statusCode, answer?.body).toBe(409);
    expect(answer!.json()).toMatchObject({ message: used(slug), errors: { menu_slug: 'already exists' } });
    expect(await db.selectFrom('menu').select('menu_name').where('menu_slug', '=', slug).execute()).toEqual([{ menu_name: 'Held' }]);
  });
});
