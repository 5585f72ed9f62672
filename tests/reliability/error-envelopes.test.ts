import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { PUBLIC } from '../../server/plugins/auth';
import { testConfig } from './support';

/**
 * Every error the server answers carries the envelope and the API's headers, including those
 * written before any route or hook runs: the router's (414, bad escape), Node's parser's (431,
 * garbage), the body limit's (413), unknown paths inside and outside the API (404) and our own
 * faults (500). The parser's refusals are only reachable over a real socket.
 */
interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One raw HTTP exchange: what Node's parser refuses never reaches `inject`. */
function raw(port: number, request: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()] as const),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.write(request);
  });
}

function expectErrorAnswer(a: Answer, status: number) {
  expect(a.status, a.body).toBe(status);
  const body = JSON.parse(a.body) as { status: number; message: unknown; data: unknown };
  expect(body).toEqual({ status: 0, message: expect.any(String), data: null });
  expect((body.message as string).length).toBeGreaterThan(0);
  expect(a.headers['content-type']).toMatch(/^application\/json/);
  expect(a.headers['x-content-type-options']).toBe('nosniff');
  expect(a.headers['cache-control']).toBe('no-store');
  expect(a.headers['content-security-policy']).toMatch(/default-src 'none'/);
  expect(a.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  expect(a.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(a.headers['referrer-policy']).toBe('no-referrer');
}

describe('error answers: the envelope and the API headers, whoever writes them', () => {
  let app: FastifyInstance;
  let port: number;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-errors-'));
    ({ app } = await buildApp(testConfig(dataDir)));
    // A fault of our own, the way a bug in a handler would throw one.
    app.get('/api/test-fault', { config: { access: PUBLIC } }, () => {
      throw new Error('a bug');
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const inject = async (method: 'GET' | 'POST', url: string, payload?: string): Promise<Answer> => {
    const res = await app.inject({
      method,
      url,
      ...(payload !== undefined && { payload, headers: { 'content-type': 'application/json' } }),
    });
    return { status: res.statusCode, headers: res.headers as Record<string, string>, body: res.body };
  };

  it('answers an over-long path parameter with 414 and a malformed escape with 400', async () => {
    expectErrorAnswer(await inject('GET', `/api/branch/get-branch/${'9'.repeat(150)}`), 414);
    expectErrorAnswer(await inject('GET', '/api/branch/get-branch/%E0%A4%A'), 400);
  });

  it('answers unknown paths (inside the API and out), an oversized body and our own faults', async () => {
    expectErrorAnswer(await inject('GET', '/api/no/such/route'), 404);
    expectErrorAnswer(await inject('POST', '/no-such-page'), 404);
    expectErrorAnswer(await inject('GET', '/api/uploads/no-such-picture.png'), 404);
    expectErrorAnswer(await inject('POST', '/api/branch/branch-create', JSON.stringify({ x: 'y'.repeat(2 * 1024 * 1024) })), 413);
    const fault = await inject('GET', '/api/test-fault');
    expectErrorAnswer(fault, 500);
    expect(fault.body).not.toMatch(/a bug/);
  });

  it('answers headers too large for Node with 431 on the socket, then closes it', async () => {
    const answer = await raw(port, `GET /api/server-time HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`);
    expectErrorAnswer(answer, 431);
    expect(answer.headers.connection).toBe('close');
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
  });

  it('answers bytes that are not HTTP with 400 on the socket', async () => {
    expectErrorAnswer(await raw(port, 'THIS IS NOT HTTP\r\n\r\n'), 400);
  });

  it('still answers a good request on a new connection afterwards', async () => {
    const ok = await raw(port, 'GET /api/server-time HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toMatchObject({ status: 1 });
  });
});
