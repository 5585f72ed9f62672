import { memoryStore } from 'react-admin';
import { readPreference, writePreference } from '../../../src/preferences';
import { preferenceStore } from '../../../src/modules/i18n/preferenceStore';

describe("react-admin's locale is the `language` preference", () => {
  it('reads and writes the preference under its spec name', () => {
    const store = preferenceStore(memoryStore());
    store.setup();
    expect(store.getItem('locale')).toBe('en');
    store.setItem('locale', 'my');
    expect(localStorage.getItem('language')).toBe('my');
    expect(readPreference('language')).toBe('my');
    // Other keys still go to react-admin's own store.
    store.setItem('sidebar.open', false);
    expect(store.getItem('sidebar.open')).toBe(false);
    expect(localStorage.getItem('sidebar.open')).toBeNull();
  });

  it('tells react-admin when anything else writes the preference, and survives the logout reset', () => {
    const store = preferenceStore(memoryStore());
    store.setup();
    const seen: unknown[] = [];
    const stop = store.subscribe('locale', (v) => seen.push(v));
    writePreference('language', 'bn');
    writePreference('theme', 'dark'); // another preference: no locale change
    writePreference('language', 'es');
    stop();
    writePreference('language', 'en');
    expect(seen).toEqual(['bn', 'es']);
    store.setItem('locale', 'bn');
    store.reset();
    expect(store.getItem('locale')).toBe('bn');
  });
});
