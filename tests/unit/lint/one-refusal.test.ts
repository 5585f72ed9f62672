import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The architecture's "one body gate" (issue 46, point 3): Fastify's schema failures are turned
 * into the contract's refusal by one translator, server/http/validation.ts, which every route and
 * the error handler ask. A second translator reads the failure itself (the request's
 * `validationError`, its `validation` list, Ajv's `instancePath` or `missingProperty`): any file
 * of server/ but that one which does is refused here.
 */
const root = path.resolve(__dirname, '../../..');
const TRANSLATOR = 'server/http/validation.ts';
const READS_A_FAILURE = /\bvalidationError\b|\bvalidationContext\b|\.validation\b|\binstancePath\b|\bmissingProperty\b/;

function serverFiles(dir = path.join(root, 'server')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return serverFiles(full);
    return e.name.endsWith('.ts') ? [path.relative(root, full).split(path.sep).join('/')] : [];
  });
}

/** The lines of a file that read a schema failure themselves, as `file:line: text`. */
function readersIn(file: string, text: string): string[] {
  if (file === TRANSLATOR) return [];
  return text.split('\n').flatMap((line, i) => {
    const code = line.replace(/\/\/.*$/, '').replace(/^\s*\*.*$/, '');
    return READS_A_FAILURE.test(code) ? [`${file}:${i + 1}: ${line.trim()}`] : [];
  });
}

describe('one refusal translator for schema failures', () => {
  it('refuses a planted translator of its own (the access module’s former rejectInvalid)', () => {
    const planted = `
export function rejectInvalid(request: FastifyRequest): void {
  const failed = request.validationError;
  if (!failed) return;
  for (const v of failed.validation) errors[v.instancePath.split('/')[1]] = v.message;
  throw new ApiError(422, 'Invalid input', errors);
}`;
    expect(readersIn('server/modules/access/planted.ts', planted)).toHaveLength(2);
    expect(readersIn('server/plugins/planted.ts', 'if (err.validation) return reply.code(400).send({});')).toHaveLength(1);
    // The translator itself reads the failure, and may.
    expect(readersIn(TRANSLATOR, planted)).toEqual([]);
  });

  it('leaves server/http/validation.ts the only file that reads one', () => {
    const files = serverFiles();
    expect(files).toContain(TRANSLATOR);
    expect(files.length).toBeGreaterThan(100);
    const readers = files.flatMap((file) => readersIn(file, readFileSync(path.join(root, file), 'utf8')));
    expect(readers).toEqual([]);
  });

  it('is what every validating route asks: no route attaches a failure it does not hand to the translator', () => {
    const unasked = serverFiles().filter((file) => {
      const text = readFileSync(path.join(root, file), 'utf8');
      return /attachValidation:\s*true/.test(text) && !/\b(refuseInvalid|failedSchema)\(/.test(text);
    });
    expect(unasked).toEqual([]);
  });
});
