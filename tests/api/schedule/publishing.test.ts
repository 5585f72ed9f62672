import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditDb, verifyChain } from '../../../server/modules/audit/chain';
import { nowIn } from '../../../resources';
import blogPhotos from '../../../resources/blog-photos';
import { claimers } from './claimers';
import { DATABASES, startServer, type TestServer } from '../harness';

/**
 * Scheduled publishing (issue 48, point 4) on the public side and in the trail: the public
 * website's lists serve only live records (active, publish-at come or empty, expire-at not come
 * or empty), with no session; a publication and an expiry happen on their second and are each
 * recorded once, by the scheduler; a notice leaves the inbox at its expire-at.
 */
const PHOTOS = '/api/blogs/blog-photos';

describe.each(DATABASES)('scheduled publishing on %s', (kind) => {
  let s: TestServer;
  /** The server's wall clock `ms` from now, as datetimes are stored and sent. */
  const at = (ms: number) => nowIn(s.app.ctx.timeZone, new Date(Date.now() + ms));
  const HOUR = 3_600_000;

  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => {
    await s.close();
  });

  const photo = async (title: string, extra: Record<string, unknown> = {}) => {
    const res = await s.call('POST', `${PHOTOS}-create`, { body: { title, type: 'Campaign', ...extra } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; publish_at: string | null; expire_at: string | null };
  };
  const publicTitles = async (path = '/api/public/blog-photos') => {
    const res = await s.call('GET', path, { token: null });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { title: string }[]).map((r) => r.title).sort();
  };
  const entriesOf = (resource: string, record: number) =>
    auditDb(s.app.ctx.conn.db)
      .selectFrom('audit_log')
      .select(['audit_action', 'audit_actor', 'audit_actor_name', 'audit_at'])
      .where('audit_resource', '=', resource)
      .where('audit_record', '=', record)
      .where('audit_action', 'in', ['publish', 'expire'])
      .orderBy('audit_id')
      .execute();

  it('serves only live records on the public list, without a session; the console list shows the dates', async () => {
    await photo('always');
    await photo('live now', { publish_at: at(-HOUR), expire_at: at(HOUR) });
    await photo('tomorrow', { publish_at: at(24 * HOUR) });
    await photo('gone', { publish_at: at(-2 * HOUR), expire_at: at(-HOUR) });
    await photo('switched off', { status: 0 });
    expect(await publicTitles()).toEqual(['always', 'live now']);
    const asked = await s.call('GET', '/api/public/blog-photos?status=0', { token: null });
    expect((asked.json().data as unknown[]).length).toBe(2);

    // The staff's list shows every record with its dates (the console's state column reads them).
    const list = await s.call('GET', `${PHOTOS}-list/`);
    const rows = list.json().data as { title: string; publish_at: string | null; expire_at: string | null }[];
    expect(rows.find((r) => r.title === 'tomorrow')?.publish_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // The scheduler's bookkeeping is never answered.
    expect(Object.keys(rows[0]!)).not.toContain('published_for');

    // A singleton (the hero section) scheduled for tomorrow is not on the site yet.
    const hero = await s.call('POST', '/api/hero-section/hero-section-create', {
      body: { title_1: 'Opening soon', publish_at: at(24 * HOUR) },
    });
    expect(hero.statusCode, hero.body).toBe(201);
    const heroPublic = await s.call('GET', '/api/public/hero-section', { token: null });
    expect(heroPublic.json().data).toEqual([]);
  });

  it('publishes and expires on the second, each recorded once by the scheduler; a date moved later is recorded again', async () => {
    const p = await photo('soon', { publish_at: at(1_500), expire_at: at(3_500) });
    expect(await publicTitles()).not.toContain('soon');
    await expect.poll(publicTitles, { timeout: 10_000, interval: 100 }).toContain('soon');
    await expect.poll(publicTitles, { timeout: 10_000, interval: 100 }).not.toContain('soon');
    await expect.poll(async () => (await entriesOf('blog-photos', p.id)).length, { timeout: 10_000, interval: 100 }).toBe(2);
    const entries = await entriesOf('blog-photos', p.id);
    expect(entries.map((e) => [e.audit_action, e.audit_actor, e.audit_actor_name])).toEqual([
      ['publish', null, 'scheduler'],
      ['expire', null, 'scheduler'],
    ]);

    // Republished tomorrow-ish: hidden again until then, and recorded again when it comes.
    const moved = await s.call('PUT', `${PHOTOS}-update/${p.id}`, { body: { publish_at: at(1_000), expire_at: '' } });
    expect(moved.statusCode, moved.body).toBe(200);
    await expect.poll(publicTitles, { timeout: 10_000, interval: 100 }).toContain('soon');
    await expect.poll(async () => (await entriesOf('blog-photos', p.id)).length, { timeout: 10_000, interval: 100 }).toBe(3);
    // Another look, as a second instance's, claims nothing already recorded.
    const [other] = await claimers(1, s.app.ctx.config.databaseUrl, s.dataDir);
    try {
      const again = [...(await other!.claim(blogPhotos, 'publish')), ...(await other!.claim(blogPhotos, 'expire'))];
      expect(again.map((c) => c.row.id)).not.toContain(p.id);
    } finally {
      await other!.conn.close();
    }
    expect((await entriesOf('blog-photos', p.id)).map((e) => e.audit_action)).toEqual(['publish', 'expire', 'publish']);
    expect((await verifyChain(s.app.ctx.conn.db)).ok).toBe(true);
  });

  it('of four claimers racing (as four instances), exactly one records each due publication and expiry', async () => {
    // Written through the service with dates already past, then claimed by four connections at once.
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) ids.push((await photo(`race ${i}`, { publish_at: at(-2_000), expire_at: at(-1_000) })).id);
    const racers = await claimers(4, s.app.ctx.config.databaseUrl, s.dataDir);
    try {
      const won = (
        await Promise.all(racers.map(async (c) => [...(await c.claim(blogPhotos, 'publish')), ...(await c.claim(blogPhotos, 'expire'))]))
      ).flat();
      // This server's own scheduler (poked by the creates) takes what the racers left (an expiry
      // waits for its publication's entry to commit): together, each action once, in order.
      for (const id of ids)
        await expect
          .poll(async () => (await entriesOf('blog-photos', id)).map((e) => e.audit_action), { timeout: 10_000, interval: 100 })
          .toEqual(['publish', 'expire']);
      for (const id of ids) expect(won.filter((c) => c.row.id === id).length, `photo ${id}`).toBeLessThanOrEqual(2);
    } finally {
      await Promise.all(racers.map((c) => c.conn.close()));
    }
  });

  it('takes a notice out of the inbox at its expire-at, recorded by the scheduler; refuses an expire-at not after the date', async () => {
    const refused = await s.call('POST', '/api/notification/notification-create', {
      body: { notification_date: at(-HOUR), title: 'Backwards', type: 'All', expire_at: at(-2 * HOUR) },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toHaveProperty('expire_at');

    const made = await s.call('POST', '/api/notification/notification-create', {
      body: { notification_date: at(-1_000), title: 'Short-lived', type: 'All', expire_at: at(2_000) },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.notification_id as number;
    expect(made.json().data.notification_expire_at).toMatch(/^\d{4}-/);
    const inbox = async () =>
      (
        (await s.call('GET', '/api/notification/notification-list-user?page=1&limit=50')).json().data.data as { notification_id: number }[]
      ).map((n) => n.notification_id);
    expect(await inbox()).toContain(id);
    await expect.poll(inbox, { timeout: 10_000, interval: 100 }).not.toContain(id);
    await expect
      .poll(async () => (await entriesOf('notification', id)).map((e) => e.audit_action), { timeout: 10_000, interval: 100 })
      .toEqual(['publish', 'expire']);
  });
});
