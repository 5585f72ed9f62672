import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { readPreference, usePreference } from '../../preferences';

/**
 * Two style caches: in right-to-left every left/right in the console's CSS is flipped. The flipping
 * plugins (stylis' prefixer, stylis-plugin-rtl and cssjanus, about 7 kB gzip) are fetched only
 * when right-to-left is chosen: the first screen loads nothing it does not need.
 */
const ltrCache = createCache({ key: 'css', prepend: true });
let rtlCache: EmotionCache | undefined;
let rtlLoading: Promise<EmotionCache> | undefined;
const rtlListeners = new Set<() => void>();

export function loadRtlCache(): Promise<EmotionCache> {
  rtlLoading ??= Promise.all([import('stylis'), import('stylis-plugin-rtl')]).then(
    ([stylis, rtl]) => {
      rtlCache = createCache({ key: 'rtl', prepend: true, stylisPlugins: [stylis.prefixer, rtl.default] });
      for (const l of rtlListeners) l();
      return rtlCache;
    },
    (error: unknown) => {
      rtlLoading = undefined; // a failed fetch (offline) is tried again by the next call
      throw error;
    },
  );
  return rtlLoading;
}

/**
 * For main.tsx: with right-to-left stored, the flipping plugin is fetched before the first render,
 * so the console never shows a left-to-right frame first.
 */
export function storedDirectionReady(): Promise<unknown> {
  return readPreference('theme-dir') === 'rtl' ? loadRtlCache().catch(() => undefined) : Promise.resolve();
}

function subscribeRtl(listener: () => void) {
  rtlListeners.add(listener);
  return () => rtlListeners.delete(listener);
}

/**
 * The direction chosen in the preferences (`theme-dir`), for MUI themes (see `withDirection`) and
 * the style cache. Right after a switch to right-to-left, until the flipping plugin has arrived (a
 * moment), it stays left-to-right, so the theme and the styles never disagree.
 */
export function useDirection(): 'ltr' | 'rtl' {
  const [wanted] = usePreference('theme-dir');
  const rtlReady = useSyncExternalStore(subscribeRtl, () => rtlCache !== undefined);
  useEffect(() => {
    if (wanted === 'rtl') loadRtlCache().catch(() => undefined);
  }, [wanted]);
  return wanted === 'rtl' && !rtlReady ? 'ltr' : wanted;
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
  const cache = direction === 'rtl' && rtlCache ? rtlCache : ltrCache;
  return <CacheProvider value={cache}>{children}</CacheProvider>;
}
