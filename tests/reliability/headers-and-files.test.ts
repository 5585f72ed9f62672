import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figure, multipartBody, startReliableServer, type ReliableServer } from './support';

/**
 * API answers carry helmet's headers, nosniff and no-store; the console's files keep their own
 * policy and stay cacheable, the hashed ones for good; `HEAD /` answers like GET; the database and the uploads are
 * readable by the server's user only.
 */
describe('headers and private files', () => {
  let s: ReliableServer;
  let dist: string;
  beforeAll(async () => {
    // A stand-in for the built console: an index page and one hashed asset.
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'console-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>console</title><script src="/assets/app-3f9a1c.js"></script>');
    fs.writeFileSync(path.join(dist, 'assets/app-3f9a1c.js'), 'console.log(1)');
    s = await startReliableServer('sqlite', { distDir: dist });
  });
  afterAll(async () => {
    await s.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('puts nosniff, no-store and helmet headers on API answers, errors and unknown API paths included', async () => {
    const answers = [
      await s.call('GET', '/api/branch/branch-list/'),
      await s.call('GET', '/api/branch/get-branch/999999'),
      await s.call('GET', '/api/branch/branch-list/', { token: null }),
      await s.call('POST', '/api/medicine/medicine-create', { body: { medicine_code: '' } }),
      await s.call('GET', '/api/no/such/route'),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 404, 401, 422, 404]);
    for (const a of answers) {
      expect(a.headers['x-content-type-options']).toBe('nosniff');
      expect(a.headers['cache-control']).toBe('no-store');
      expect(a.headers['content-security-policy']).toMatch(/default-src 'none'/);
      expect(a.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(a.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(a.headers['referrer-policy']).toBe('no-referrer');
    }
    figure('API headers', `${answers.length} answers (200, 404, 401, 422, unknown path) all nosniff + no-store + helmet`);
  });

  it('keeps the console policy on the page, leaves static files cacheable, and answers HEAD / like GET', async () => {
    const get = await s.call('GET', '/', { token: null });
    const head = await s.call('HEAD', '/', { token: null });
    expect(get.statusCode).toBe(200);
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.body).toBe('');
    expect(get.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(get.headers['cache-control']).not.toMatch(/no-store/);
    const asset = await s.call('GET', '/assets/app-3f9a1c.js', { token: null });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).not.toMatch(/no-store/);
    expect((await s.call('HEAD', '/assets/app-3f9a1c.js', { token: null })).statusCode).toBe(200);
  });

  it('lets browsers keep the hashed assets for good, but asks them to check the page and missing assets again', async () => {
    const asset = await s.call('GET', '/assets/app-3f9a1c.js', { token: null });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The page names the current assets: kept, it would load an old version after an update.
    expect((await s.call('GET', '/medicine', { token: null })).headers['cache-control']).not.toMatch(/immutable/);
    expect((await s.call('GET', '/', { token: null })).headers['cache-control']).not.toMatch(/immutable/);
    // A file that is not there answers the page (screen routes fall back to it): never kept for good.
    const missing = await s.call('GET', '/assets/gone-000000.js', { token: null });
    expect(missing.headers['cache-control'] ?? '').not.toMatch(/immutable/);
  });

  it('creates the database and the uploads readable by the server user only (0600 files, 0700 folders)', async () => {
    const picture = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    const res = await s.call(
      'POST',
      '/api/medicine/medicine-create',
      multipartBody([
        { name: 'medicine_code', value: 'MODE-1' },
        { name: 'medicine_name', value: 'Private' },
        { name: 'medicine_picture', value: picture, filename: 'p.png', type: 'image/png' },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const stored = path.join(s.dataDir, res.json<{ data: { medicine_picture: string } }>().data.medicine_picture);
    const mode = (p: string) => (fs.statSync(p).mode & 0o777).toString(8);
    const files = ['console.sqlite', 'console.sqlite-wal', 'console.sqlite-shm']
      .map((f) => path.join(s.dataDir, f))
      .filter((f) => fs.existsSync(f));
    expect(files.length).toBeGreaterThanOrEqual(1);
    for (const f of [...files, stored]) expect(mode(f), f).toBe('600');
    for (const d of [s.dataDir, path.join(s.dataDir, 'uploads'), path.dirname(stored)]) expect(mode(d), d).toBe('700');
    // The served picture keeps its long cache and its own sandbox policy.
    const served = await s.call('GET', `/api/${path.relative(s.dataDir, stored)}`, { token: null });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toMatch(/max-age=604800/);
    expect(served.headers['content-security-policy']).toMatch(/sandbox/);
    figure('private files', `${files.length + 1} files 0600, 3 folders 0700`);
  });

  it('tightens an existing database file and upload folder left world-readable by an older version', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-loose-'));
    fs.chmodSync(dataDir, 0o755);
    fs.writeFileSync(path.join(dataDir, 'console.sqlite'), '');
    fs.chmodSync(path.join(dataDir, 'console.sqlite'), 0o644);
    fs.mkdirSync(path.join(dataDir, 'uploads'), { mode: 0o755 });
    const other = await startReliableServer('sqlite', { dataDir });
    try {
      expect((fs.statSync(path.join(dataDir, 'console.sqlite')).mode & 0o777).toString(8)).toBe('600');
      expect((fs.statSync(path.join(dataDir, 'uploads')).mode & 0o777).toString(8)).toBe('700');
      expect((fs.statSync(dataDir).mode & 0o777).toString(8)).toBe('700');
    } finally {
      await other.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
