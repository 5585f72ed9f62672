import { useCallback, useSyncExternalStore } from 'react';

/**
 * Display preferences, kept in this browser under the spec's own names (spec 000 section 3:
 * theme, navbar-shape, navigation-type, menu-color, navbar-collapsed, theme-dir, language) as plain
 * strings, and applied at once: every `usePreference` re-renders when any tab changes one.
 */
export interface Preferences {
  theme: 'light' | 'dark' | 'semi-dark';
  /** With navigation-type: vertical + default, vertical + slim, horizontal + default, horizontal + slim. */
  'navbar-shape': 'default' | 'slim';
  'navigation-type': 'vertical' | 'horizontal';
  'menu-color': 'lighter' | 'darker';
  'navbar-collapsed': 'true' | 'false';
  'theme-dir': 'ltr' | 'rtl';
  language: 'en' | 'bn' | 'es' | 'my';
}
export type PreferenceKey = keyof Preferences;

/** The spec's "Reset to default": light, vertical, lighter, not collapsed, English, left-to-right. */
export const DEFAULT_PREFERENCES: Readonly<Preferences> = {
  theme: 'light',
  'navbar-shape': 'default',
  'navigation-type': 'vertical',
  'menu-color': 'lighter',
  'navbar-collapsed': 'false',
  'theme-dir': 'ltr',
  language: 'en',
};

const ALLOWED: { [K in PreferenceKey]: readonly Preferences[K][] } = {
  theme: ['light', 'dark', 'semi-dark'],
  'navbar-shape': ['default', 'slim'],
  'navigation-type': ['vertical', 'horizontal'],
  'menu-color': ['lighter', 'darker'],
  'navbar-collapsed': ['true', 'false'],
  'theme-dir': ['ltr', 'rtl'],
  language: ['en', 'bn', 'es', 'my'],
};

const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage disabled (private mode): the defaults apply
  }
}

/** The stored value, or the default when absent or not one of the allowed values. */
export function readPreference<K extends PreferenceKey>(key: K): Preferences[K] {
  const raw = storage()?.getItem(key);
  return (ALLOWED[key] as readonly string[]).includes(raw ?? '') ? (raw as Preferences[K]) : DEFAULT_PREFERENCES[key];
}

export function writePreference<K extends PreferenceKey>(key: K, value: Preferences[K]): void {
  storage()?.setItem(key, value);
  notify();
}

export function resetPreferences(): void {
  const s = storage();
  for (const key of Object.keys(DEFAULT_PREFERENCES) as PreferenceKey[]) s?.setItem(key, DEFAULT_PREFERENCES[key]);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key in DEFAULT_PREFERENCES) listener();
  };
  globalThis.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener('storage', onStorage);
  };
}

/** `[value, set]` for one preference; changes apply everywhere at once, without a reload. */
export function usePreference<K extends PreferenceKey>(key: K): [Preferences[K], (value: Preferences[K]) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => readPreference(key),
    () => DEFAULT_PREFERENCES[key],
  );
  const set = useCallback((v: Preferences[K]) => writePreference(key, v), [key]);
  return [value, set];
}
