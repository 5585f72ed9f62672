import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figure, listFiles, multipartBody, startReliableServer, type ReliableServer } from './support';

/**
 * Uploads as an attacker sends them: scripts dressed as pictures, polyglots, pixel bombs,
 * wrong magic bytes and requests too large in every dimension. Each is refused (413/422,
 * nothing stored: same tables, same files) or re-encoded so that nothing but pixels is kept.
 */
const LIMITS = { maxBytes: 1_500_000, maxFields: 5, maxFieldBytes: 20_000, maxFiles: 6, maxFilesPerField: 4, maxPixels: 12_000_000 };
const CREATE_MEDICINE = '/api/medicine/medicine-create';
const CREATE_OPTICS = '/api/optics/optics-create';

/** A PNG whose header declares `width` x `height` but which carries almost no data. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('upload attacks', () => {
  let s: ReliableServer;
  let small: Buffer;
  let gif: Buffer;
  let jpeg: Buffer;
  let medium: Buffer;
  let refused = 0;
  let reencoded = 0;
  const started = Date.now();

  beforeAll(async () => {
    s = await startReliableServer('sqlite', { uploads: LIMITS, maxImageBytes: 400_000 });
    small = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#a37' } })
      .gif()
      .toBuffer();
    jpeg = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#37a' } })
      .jpeg()
      .withExif({ IFD0: { ImageDescription: '<script>alert(1)</script>', Artist: 'x"><img src=x onerror=alert(1)>' } })
      .toBuffer();
    // 2000 x 2000 = 4 megapixels of one colour: a few KB, so four of them make 16 megapixels.
    medium = await sharp({ create: { width: 2000, height: 2000, channels: 3, background: '#777' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    figure(
      'upload attacks',
      `${refused} refused with nothing stored, ${reencoded} re-encoded to clean pictures, in ${Date.now() - started} ms`,
    );
    await s.close();
  });

  let counter = 0;
  const code = () => `ATK-${++counter}`;
  const medicine = (file: Buffer, filename = 'p.png', type = 'image/png', extra: { name: string; value: string }[] = []) =>
    multipartBody([
      { name: 'medicine_code', value: code() },
      { name: 'medicine_name', value: 'Attack' },
      ...extra,
      { name: 'medicine_picture', value: file, filename, type },
    ]);

  /** Sends the body and asserts a refusal with `status`, nothing stored, and a message matching `message`. */
  async function expectRefused(url: string, body: { payload: Buffer; headers: Record<string, string> }, status: number, message: RegExp) {
    const before = await s.fingerprint();
    const res = await s.call('POST', url, body);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ status: 0, message: expect.stringMatching(message) });
    expect(await s.fingerprint()).toBe(before);
    refused++;
    return res;
  }

  /** Sends the body, asserts 201, and answers the stored picture's bytes. */
  async function expectReencoded(body: { payload: Buffer; headers: Record<string, string> }) {
    const res = await s.call('POST', CREATE_MEDICINE, body);
    expect(res.statusCode, res.body).toBe(201);
    const stored = res.json().data.medicine_picture as string;
    expect(stored).toMatch(/^uploads\/medicine\/[0-9a-f-]{36}\.(png|jpg|webp)$/);
    reencoded++;
    return fs.readFileSync(path.join(s.dataDir, stored));
  }

  it('refuses an SVG carrying a script, whatever it is called', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><rect width="9" height="9"/></svg>',
    );
    await expectRefused(CREATE_MEDICINE, medicine(svg, 'logo.svg', 'image/svg+xml'), 422, /not a JPEG, PNG, WebP or GIF/);
    await expectRefused(CREATE_MEDICINE, medicine(svg, 'logo.png', 'image/png'), 422, /not a JPEG, PNG, WebP or GIF/);
  });

  it('refuses wrong magic bytes: HTML, a script, an executable header, a PNG signature over garbage', async () => {
    const fakes = [
      Buffer.from('<html><body><script>alert(1)</script></body></html>'),
      Buffer.from('alert(document.cookie)//'),
      Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]),
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<script>alert(1)</script>')]),
      small.subarray(0, 40), // a real PNG cut short
    ];
    for (const fake of fakes) await expectRefused(CREATE_MEDICINE, medicine(fake), 422, /medicine_picture/);
  });

  it('re-encodes polyglots so nothing but pixels survives: GIF/JS, PNG with HTML appended, JPEG with script in EXIF', async () => {
    const gifJs = Buffer.concat([gif, Buffer.from('*/=1;alert(document.domain);/*<script>alert(1)</script>')]);
    const pngHtml = Buffer.concat([small, Buffer.from('<html><script>alert(1)</script></html>')]);
    for (const [file, name] of [
      [gifJs, 'x.gif'],
      [pngHtml, 'x.png'],
      [jpeg, 'x.jpg'],
    ] as const) {
      const stored = await expectReencoded(medicine(file, name, 'text/html'));
      const text = stored.toString('latin1');
      expect(text).not.toMatch(/script|alert|onerror/i);
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect(['png', 'jpeg']).toContain(meta.format);
    }
  });

  it('refuses pixel bombs from their headers, before decoding: huge dimensions in a few bytes, and many medium pictures', async () => {
    const bomb = pngHeaderOnly(30_000, 30_000);
    expect(bomb.length).toBeLessThan(200);
    await expectRefused(CREATE_MEDICINE, medicine(bomb), 413, /megapixels/);
    const wide = pngHeaderOnly(1_000_000, 20);
    await expectRefused(CREATE_MEDICINE, medicine(wide), 413, /megapixels/);
    // Four 4-megapixel pictures: each alone is fine, together they pass the 12-megapixel budget.
    const four = multipartBody([
      { name: 'optics_code', value: code() },
      { name: 'optics_name', value: 'Many' },
      ...[1, 2, 3, 4].map((i) => ({ name: 'optics_picture', value: medium, filename: `${i}.png`, type: 'image/png' })),
    ]);
    await expectRefused(CREATE_OPTICS, four, 413, /16 megapixels, at most 12/);
    const three = multipartBody([
      { name: 'optics_code', value: code() },
      { name: 'optics_name', value: 'Three' },
      ...[1, 2, 3].map((i) => ({ name: 'optics_picture', value: medium, filename: `${i}.png`, type: 'image/png' })),
    ]);
    const ok = await s.call('POST', CREATE_OPTICS, three);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(JSON.parse(ok.json().data.optics_picture as string)).toHaveLength(3);
  });

  it('refuses oversized requests: a file over the size limit, too many bytes, too many fields, a field too long, too many files', async () => {
    const huge = Buffer.concat([small, Buffer.alloc(500_000)]);
    await expectRefused(CREATE_MEDICINE, medicine(huge), 413, /too large/);
    const many = multipartBody([
      { name: 'optics_code', value: code() },
      { name: 'optics_name', value: 'Bytes' },
      ...[1, 2, 3, 4].map((i) => ({ name: 'optics_picture', value: Buffer.concat([small, Buffer.alloc(399_000)]), filename: `${i}.png` })),
    ]);
    await expectRefused(CREATE_OPTICS, many, 413, /at most 1500000 bytes/);
    const names = [
      'medicine_code',
      'medicine_name',
      'medicine_purchase_price',
      'medicine_sales_price',
      'medicine_description',
      'medicine_status',
    ];
    const fields = multipartBody(names.map((name) => ({ name, value: name === 'medicine_code' ? code() : '1' })));
    await expectRefused(CREATE_MEDICINE, fields, 413, /more than 5 text fields/);
    const long = multipartBody([
      { name: 'medicine_code', value: code() },
      { name: 'medicine_name', value: 'x'.repeat(30_000) },
    ]);
    await expectRefused(CREATE_MEDICINE, long, 413, /medicine_name is longer than 20000 bytes/);
    const two = multipartBody([
      { name: 'medicine_code', value: code() },
      { name: 'medicine_name', value: 'Two' },
      { name: 'medicine_picture', value: small, filename: 'a.png' },
      { name: 'medicine_picture', value: small, filename: 'b.png' },
    ]);
    await expectRefused(CREATE_MEDICINE, two, 413, /medicine_picture takes at most 1 file/);
    const five = multipartBody([
      { name: 'optics_code', value: code() },
      { name: 'optics_name', value: 'Five' },
      ...[1, 2, 3, 4, 5].map((i) => ({ name: 'optics_picture', value: small, filename: `${i}.png` })),
    ]);
    await expectRefused(CREATE_OPTICS, five, 413, /optics_picture takes at most 4 files/);
    const seven = multipartBody([
      { name: 'optics_code', value: code() },
      ...[1, 2, 3, 4, 5, 6, 7].map((i) => ({ name: i < 4 ? 'optics_picture' : 'nothing', value: small, filename: `${i}.png` })),
    ]);
    // The unknown file name is refused as soon as it is seen.
    await expectRefused(CREATE_OPTICS, seven, 422, /nothing: optics takes no file/);
  });

  it('refuses unknown parts by name before reading them, and a field sent twice', async () => {
    // The junk file is far over the size limit: reading it would answer 413, not 422.
    const junkFile = multipartBody([
      { name: 'medicine_code', value: code() },
      { name: 'junk', value: Buffer.alloc(1_000_000), filename: 'junk.bin' },
    ]);
    const res = await expectRefused(CREATE_MEDICINE, junkFile, 422, /junk: medicine takes no file/);
    expect(res.json().errors).toEqual({ junk: 'takes no file' });
    const junkField = multipartBody([
      { name: 'medicine_code', value: code() },
      { name: 'medicine_name', value: 'Named' },
      { name: 'is_admin', value: '1' },
    ]);
    await expectRefused(CREATE_MEDICINE, junkField, 422, /is_admin: medicine has no such field/);
    // A file under a text field is no better.
    await expectRefused(CREATE_MEDICINE, multipartBody([{ name: 'medicine_name', value: small, filename: 'n.png' }]), 422, /takes no file/);
    const twice = multipartBody([
      { name: 'medicine_code', value: code() },
      { name: 'medicine_name', value: 'One' },
      { name: 'medicine_name', value: 'Two' },
    ]);
    await expectRefused(CREATE_MEDICINE, twice, 422, /sent more than once/);
  });

  it('bounds a streamed (chunked) body without Content-Length as it arrives', async () => {
    const address = await s.app.listen({ port: 0, host: '127.0.0.1' });
    const before = await s.fingerprint();
    const body = multipartBody([
      { name: 'optics_code', value: code() },
      { name: 'optics_name', value: 'Chunked' },
      ...[1, 2, 3, 4].map((i) => ({ name: 'optics_picture', value: Buffer.concat([small, Buffer.alloc(390_000)]), filename: `${i}.png` })),
    ]);
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        `${address}${CREATE_OPTICS}`,
        { method: 'POST', headers: { ...body.headers, 'access-token': s.token } },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => {
            text += c.toString();
          });
          res.on('end', () => {
            resolve({ status: res.statusCode ?? 0, text });
          });
        },
      );
      req.on('error', reject);
      // Written in pieces: Node sends them with Transfer-Encoding: chunked.
      for (let i = 0; i < body.payload.length; i += 64_000) req.write(body.payload.subarray(i, i + 64_000));
      req.end();
    });
    expect(answer.status, answer.text).toBe(413);
    expect(answer.text).toMatch(/more than 1500000 bytes in one request/);
    expect(await s.fingerprint()).toBe(before);
    refused++;
  });

  it('leaves no picture behind for any refused write (no orphan files)', async () => {
    const files = listFiles(path.join(s.dataDir, 'uploads'));
    const rows = (await s.call('GET', '/api/medicine/medicine-list?limit=1000')).json().data as { medicine_picture: string }[];
    const optics = (await s.call('GET', '/api/optics/optics-list?limit=1000')).json().data as { optics_picture: string }[];
    const referenced = new Set([
      ...rows.map((r) => r.medicine_picture),
      ...optics.flatMap((o) => JSON.parse(o.optics_picture || '[]') as string[]),
    ]);
    for (const f of files.filter((f) => f.startsWith('medicine/') || f.startsWith('optics/'))) expect(referenced).toContain(`uploads/${f}`);
  });
});
