import { describe, expect, it } from 'vitest';
import { accessibleTheme } from '../../../src/layout/accessibleTheme';
import { contentMode, navMode, themeOptions } from '../../../src/layout/theme';

/**
 * The end-to-end axe check of the dark variant runs only the colour rules (tests/e2e/a11y-variant.ts):
 * light runs every rule on the same routes, and dark must differ from light in colours alone. These
 * are the theme options the console builds for each preference (src/App.tsx, NavSurface); every
 * difference between light's and dark's must be a palette entry or a colour or background value.
 */
const COLOUR_KEY = /colou?r|background|^palette$/i;

const isTree = (v: unknown): v is object => typeof v === 'object' && v !== null;

/**
 * The paths (a.b.c) at which the two option trees differ, down to the leaves (a branch one side
 * lacks counts as empty there); functions compared by their source.
 */
function differences(a: unknown, b: unknown, at: string[] = []): string[][] {
  if (isTree(a) && b === undefined) return differences(a, {}, at);
  if (a === undefined && isTree(b)) return differences({}, b, at);
  if (typeof a === 'function' && typeof b === 'function') return a.toString() === b.toString() ? [] : [at];
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return Object.is(a, b) ? [] : [at];
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].flatMap((k) => differences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], [...at, k]));
}

const notColour = (paths: string[][]) => paths.filter((p) => !p.some((k) => COLOUR_KEY.test(k))).map((p) => p.join('.'));

describe('the dark theme differs from the light one in colours only', () => {
  it('content theme (as the console builds it)', () => {
    const light = accessibleTheme(themeOptions(contentMode('light')));
    const dark = accessibleTheme(themeOptions(contentMode('dark')));
    const found = differences(light, dark);
    // The check itself can fail: the palettes do differ.
    expect(found.length).toBeGreaterThan(0);
    expect(notColour(found)).toEqual([]);
  });

  it('navigation theme', () => {
    const found = differences(themeOptions(navMode('light')), themeOptions(navMode('dark')));
    expect(found.length).toBeGreaterThan(0);
    expect(notColour(found)).toEqual([]);
  });

  it('finds a difference that is not a colour', () => {
    const light = accessibleTheme(themeOptions('light'));
    const dark = accessibleTheme(themeOptions('dark', { spacing: 6 }));
    expect(notColour(differences(light, dark))).toEqual(['spacing']);
  });
});
