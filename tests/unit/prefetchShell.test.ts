import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchSignedInScreens } from '../../src/App';
import { consoleModules } from '../../src/modules';
import { isOnDemand } from '../../src/lazy';

/*
 * A returning user's first render waits for prefetchSignedInScreens (src/main.tsx). Every part of
 * the shell the first screen shows must be preloaded by it, not only the layout: a part that is
 * not suspends once as it first renders, and React holds the revealed screen back up to 300 ms.
 */
describe('prefetchSignedInScreens', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('preloads every app bar item the modules contribute, and settles', async () => {
    const items = consoleModules.flatMap((m) => m.appBarItems ?? []);
    expect(items.length).toBeGreaterThan(0);
    // The bell, record pushes, search and theme toggle come with the shell's chunk (the language
    // switch is in the sign-in page's own code).
    const onDemand = items.filter(isOnDemand);
    expect(onDemand.length).toBeGreaterThanOrEqual(4);
    const spies = onDemand.map((item) => vi.spyOn(item, 'preload'));
    await prefetchSignedInScreens();
    for (const spy of spies) expect(spy).toHaveBeenCalledTimes(1);
  }, 60_000);

  it('isOnDemand tells lazyComponent parts from plain components', () => {
    expect(isOnDemand(() => null)).toBe(false);
    expect(isOnDemand(Object.assign(() => null, { preload: () => Promise.resolve() }))).toBe(true);
    expect(isOnDemand(undefined)).toBe(false);
  });
});
