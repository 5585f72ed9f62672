import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../../harness';

const ROUNDS = 10;
const CYCLE = 'A menu cannot be placed under itself or one of its own sub-menus';

/** "X under Y" and "Y under X" at once: one is done, the other gets the usual cycle refusal. */
describe.each(DATABASES)('simultaneous parent changes of two menus on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
  });
  afterAll(() => s.close());

  const create = async (slug: string) =>
    (await s.call('POST', '/api/menu/menu-create', { body: { menu_name: slug, menu_slug: slug } })).json().data.menu_id as number;
  const moveUnder = (id: number, parent: number) => s.call('PUT', `/api/menu/menu-update/${id}`, { body: { main_menu: parent } });

  it('answers 200 and 422 (never 500) and never leaves a parent cycle', async () => {
    const db = s.app.ctx.conn.db;
    const problems: string[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const x = await create(`race-cx-${i}`);
      const y = await create(`race-cy-${i}`);
      const answers = await Promise.all([moveUnder(x, y), moveUnder(y, x)]);
      const codes = answers.map((r) => r.statusCode).sort();
      if (codes.join('/') !== '200/422') problems.push(`round ${i}: answered ${codes.join('/')}`);
      const refused = answers.find((r) => r.statusCode === 422);
      if (refused && (refused.json().message !== CYCLE || refused.json().errors?.main_menu !== CYCLE))
        problems.push(`round ${i}: ${refused.body}`);
      const rows = await db.selectFrom('menu').select(['menu_id', 'main_menu']).where('menu_id', 'in', [x, y]).execute();
      if (rows.filter((r) => r.main_menu !== 0).length !== 1) problems.push(`round ${i}: parents ${JSON.stringify(rows)}`);
    }
    expect(problems).toEqual([]);
  });
});
