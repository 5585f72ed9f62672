import { DEFAULT_PREFERENCES, readPreference, resetPreferences, writePreference } from '../../src/preferences';

describe('preferences', () => {
  beforeEach(() => localStorage.clear());

  it('stores each preference under the spec name and falls back to the default for unknown values', () => {
    expect(readPreference('theme')).toBe('light');
    writePreference('theme', 'dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(readPreference('theme')).toBe('dark');
    localStorage.setItem('theme-dir', 'sideways');
    expect(readPreference('theme-dir')).toBe('ltr');
  });

  it('resets to the spec defaults', () => {
    writePreference('navigation-type', 'horizontal');
    writePreference('language', 'bn');
    resetPreferences();
    for (const [key, value] of Object.entries(DEFAULT_PREFERENCES)) expect(localStorage.getItem(key)).toBe(value);
  });
});
