import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../../server/config';

describe('configFromEnv: READER_THREADS', () => {
  it('is left to the server (one per core) when unset or empty', () => {
    expect(configFromEnv({}).readerThreads).toBeUndefined();
    expect(configFromEnv({ READER_THREADS: '' }).readerThreads).toBeUndefined();
  });

  it('takes a whole number, 0 included (reads on the main connection)', () => {
    expect(configFromEnv({ READER_THREADS: '0' }).readerThreads).toBe(0);
    expect(configFromEnv({ READER_THREADS: '3' }).readerThreads).toBe(3);
  });

  it('refuses anything else by name, instead of quietly running another way', () => {
    for (const bad of ['two', '-1', '1.5', '2x']) {
      expect(() => configFromEnv({ READER_THREADS: bad })).toThrow(`READER_THREADS must be a whole number, not "${bad}"`);
    }
  });
});
