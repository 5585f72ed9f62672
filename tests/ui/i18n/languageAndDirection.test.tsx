import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { registry } from '../../../resources';
import { createI18nProvider } from '../../../i18n';
import { LanguageSwitch } from '../../../src/modules/i18n/LanguageSwitch';
import { preferenceStore } from '../../../src/modules/i18n/preferenceStore';
import { readPreference } from '../../../src/preferences';
import { server } from '../../msw/server';
import { allSlugs, listHandlers } from '../../msw/contract';
import { renderApp, signIn } from '../render';

const branch = registry.get('branch');
const row = {
  branch_id: 11,
  branch_code: 'DHK-01',
  branch_name: 'Dhanmondi Main',
  branch_phone: '1',
  branch_email: 'a@x.test',
  branch_address: 'Dhaka',
  branch_opening_date: '2015-03-01',
  branch_status: 1,
};

describe('language and direction', () => {
  it('the switch writes the language preference and the console follows at once', async () => {
    const store = preferenceStore(memoryStore());
    render(
      <AdminContext i18nProvider={createI18nProvider()} store={store}>
        <LanguageSwitch />
      </AdminContext>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Choose language: English' }));
    const menu = await screen.findByRole('menu');
    // Each language is named in its own script and marked with its lang.
    expect(within(menu).getByText('বাংলা')).toHaveAttribute('lang', 'bn');
    fireEvent.click(within(menu).getByText('Español'));
    expect(readPreference('language')).toBe('es');
    expect(await screen.findByRole('button', { name: 'Elegir idioma: Español' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('lists show dates day/month/year and numbers in the language, and the page is mirrored in rtl', async () => {
    localStorage.setItem('language', 'bn');
    localStorage.setItem('theme-dir', 'rtl');
    signIn(allSlugs(branch));
    server.use(...listHandlers(branch, [row]));
    renderApp('/branch');
    expect(await screen.findByText('০১/০৩/২০১৫', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getAllByText('শাখাসমূহ').length).toBeGreaterThan(0);
    // Mirrored once the flipping plugin has arrived (useDirection): renderApp does not wait for it
    // before the first render as main.tsx does, and a worker that has the list's code loaded already
    // draws the rows first.
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(document.documentElement).toHaveAttribute('lang', 'bn');
    // The styles come from the right-to-left cache, whose stylis plugin flipped them.
    await waitFor(() => expect(document.querySelector('style[data-emotion^="rtl"]')).not.toBeNull());
  }, 60_000);

  it('English, left to right: the same date reads 01/03/2015', async () => {
    signIn(allSlugs(branch));
    server.use(...listHandlers(branch, [row]));
    renderApp('/branch');
    expect(await screen.findByText('01/03/2015', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  }, 60_000);
});
