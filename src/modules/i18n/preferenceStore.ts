import { localStorageStore, type Store } from 'react-admin';
import { readPreference, subscribePreferences, writePreference, type PreferenceKey, type Preferences } from '../../preferences';

/**
 * react-admin's store, except that some of its keys are display preferences kept under the
 * spec's names: react-admin's `locale` is the `language` preference. So react-admin's own locale
 * machinery (which waits for the chosen catalogue before the first render: no flash of English)
 * follows the preference, and whatever writes the preference (the app bar's switch, the theme
 * page) switches the language at once. Preferences survive the store's reset at logout: they
 * belong to the browser, not to the session.
 */
export function preferenceStore(
  base: Store = localStorageStore(),
  keys: Partial<Record<string, PreferenceKey>> = { locale: 'language' },
): Store {
  const preferenceOf = (key: string) => keys[key];
  return {
    ...base,
    getItem<T>(key: string, defaultValue?: T): T | undefined {
      const p = preferenceOf(key);
      // A preference's values are strings, which is what react-admin stores under these keys.
      return p ? (readPreference(p) as T) : base.getItem(key, defaultValue);
    },
    setItem(key, value) {
      const p = preferenceOf(key);
      if (p) writePreference(p, value as Preferences[typeof p]);
      else base.setItem(key, value);
    },
    removeItem(key) {
      if (!preferenceOf(key)) base.removeItem(key);
    },
    subscribe(key, callback) {
      const p = preferenceOf(key);
      if (!p) return base.subscribe(key, callback);
      let last = readPreference(p);
      return subscribePreferences(() => {
        const now = readPreference(p);
        if (now !== last) {
          last = now;
          callback(now);
        }
      });
    },
  };
}
