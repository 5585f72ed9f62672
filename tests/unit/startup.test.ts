import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstRenderReady } from '../../src/startup';

/*
 * A returning user's first render (src/main.tsx) waits for the shell's code and, a little, for the
 * list's first page asked for at start-up, so that the rows are in the first commit.
 */
function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** Whether `p` has settled once pending timers and microtasks up to `ms` have run. */
async function settledAfter(p: Promise<void>, ms: number) {
  let done = false;
  void p.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(ms);
  return done;
}

describe('firstRenderReady', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts once the shell is here and the first page is in', async () => {
    const shell = deferred();
    const page = deferred();
    const ready = firstRenderReady({ shell: shell.promise, firstPage: page.promise, waitMs: 300 });
    page.resolve();
    expect(await settledAfter(ready, 1000)).toBe(false); // the page alone is not enough
    shell.resolve();
    expect(await settledAfter(ready, 0)).toBe(true);
  });

  it('waits for the page at most waitMs after the shell is here', async () => {
    const shell = deferred();
    const page = deferred();
    const ready = firstRenderReady({ shell: shell.promise, firstPage: page.promise, waitMs: 300 });
    expect(await settledAfter(ready, 1000)).toBe(false);
    shell.resolve();
    expect(await settledAfter(ready, 250)).toBe(false);
    expect(await settledAfter(ready, 60)).toBe(true);
  });

  it('does not wait for a signed-out visit (no shell, no page asked for)', async () => {
    const ready = firstRenderReady({ shell: undefined, firstPage: Promise.resolve() });
    expect(await settledAfter(ready, 0)).toBe(true);
  });
});
