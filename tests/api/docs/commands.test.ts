import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Every command the documents mark as runnable still works: the fenced blocks of README.md and
 * docs/*.md whose info string is `sh runnable` (docs/development.md says how to mark one), run in
 * document order with `bash -e` from the repository's root, on a fresh data folder. Each must exit
 * with 0, and print the text its `expect="..."` names.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');

interface Block {
  file: string;
  line: number;
  script: string;
  expect?: string;
}

/** The runnable blocks of one Markdown file; fences inside a longer fence (an example of the marker) are content. */
function runnableBlocks(file: string, text: string): Block[] {
  const blocks: Block[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,})(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const [, indent = '', ticks = '', info = ''] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = /^\s*(`{3,})\s*$/.exec(lines[j]!);
      if (close && close[1]!.length >= ticks.length) break;
      body.push(lines[j]!.startsWith(indent) ? lines[j]!.slice(indent.length) : lines[j]!);
    }
    const words = info.trim();
    if (/^sh runnable\b/.test(words)) {
      const expected = /expect="((?:[^"\\]|\\.)*)"/.exec(words)?.[1]?.replace(/\\(.)/g, '$1');
      blocks.push({ file, line: i + 1, script: body.join('\n'), ...(expected !== undefined && { expect: expected }) });
    }
    i = j;
  }
  return blocks;
}

function documentBlocks(): Block[] {
  const docs = fs
    .readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`);
  return ['README.md', ...docs].flatMap((file) => runnableBlocks(file, fs.readFileSync(path.join(ROOT, file), 'utf8')));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Runs a block with bash -e; its exit code and everything it printed. */
function run(script: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-e', '-c', script], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

describe('the runnable commands of the README and docs/', () => {
  const blocks = documentBlocks();
  let work: string;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'console-docs-'));
    // The documents' own settings only: none of the databases, Redis or mail the test process was started with.
    const { DATABASE_URL: _db, REDIS_URL: _redis, SMTP_URL: _smtp, ...inherited } = process.env;
    env = {
      ...inherited,
      DATA_DIR: path.join(work, 'data'),
      BACKUP_DIR: path.join(work, 'backup'),
      PORT: String(await freePort()),
      SEED_SAMPLES: '0',
      ADMIN_PASSWORD: 'docs-test-admin-password',
    };
  });
  afterAll(() => {
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('finds the marked blocks (the README, the operators’ start, audit and backup commands)', () => {
    expect(blocks.map((b) => b.file)).toEqual(expect.arrayContaining(['README.md', 'docs/operations.md']));
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    // An example of the marker inside a longer fence is not itself run.
    expect(blocks.filter((b) => b.file === 'docs/development.md')).toEqual([]);
  });

  it('reads a block inside a list item, with its expectation', () => {
    const text = ['- Back up:', '', '  ```sh runnable expect="a \\"b\\""', '  echo \'a "b"\'', '  ```', ''].join('\n');
    expect(runnableBlocks('x.md', text)).toEqual([{ file: 'x.md', line: 3, script: 'echo \'a "b"\'', expect: 'a "b"' }]);
  });

  it.each(blocks.map((b) => [`${b.file}:${String(b.line)}`, b] as const))(
    '%s exits with 0',
    async (_where, block) => {
      if (block.script.includes('dist-server/main.js') && !fs.existsSync(path.join(ROOT, 'dist-server/main.js')))
        throw new Error('dist-server/main.js is missing: run `npm run build` first (npm test does)');
      const { code, output } = await run(block.script, env);
      expect(code, output).toBe(0);
      if (block.expect !== undefined) expect(output).toContain(block.expect);
    },
    180_000,
  );
});
