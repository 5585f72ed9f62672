import { useEffect, useMemo, type ReactNode } from 'react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import { usePreference } from '../../preferences';

/** Two style caches: in right-to-left every left/right in the console's CSS is flipped. */
const caches = {
  ltr: createCache({ key: 'css', prepend: true }),
  rtl: createCache({ key: 'rtl', prepend: true, stylisPlugins: [prefixer, rtlPlugin] }),
};

/** The direction chosen in the preferences (`theme-dir`), for MUI themes: see `withDirection`. */
export function useDirection() {
  return usePreference('theme-dir')[0];
}

/** A theme with MUI's `direction` set (drawers, pagination arrows and sliders read it). */
export function withDirection<T extends object>(theme: T, direction: 'ltr' | 'rtl'): T & { direction: 'ltr' | 'rtl' } {
  return { ...theme, direction };
}

/**
 * Mirrors the whole console in right-to-left: `<html dir>` (text, scroll bars, native inputs), and
 * the style cache whose stylis plugin flips margins, paddings, borders and positions. Also sets
 * `<html lang>` to the chosen language so screen readers pronounce it right.
 */
export function DirectionProvider({ children }: { children: ReactNode }) {
  const direction = useDirection();
  const [language] = usePreference('language');
  useEffect(() => {
    document.documentElement.dir = direction;
  }, [direction]);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  const cache = useMemo(() => caches[direction], [direction]);
  return <CacheProvider value={cache}>{children}</CacheProvider>;
}
