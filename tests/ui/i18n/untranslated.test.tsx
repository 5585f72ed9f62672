import { useEffect } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router-dom';
import { registry } from '../../../resources';
import { App } from '../../../src/App';
import { server } from '../../msw/server';
import { allSlugs } from '../../msw/contract';
import { signIn } from '../render';
import { menuFor } from '../../msw/menu';
import { version } from '../../../package.json';
import { allResources, markingI18nProvider, stringsOf, untranslatedTexts } from './catalogueText';

const USER = ['Test User', 'test'];
/** Real screens in jsdom on a shared machine: a list and a dialog can take half a minute. */
const SLOW = 120_000;

/** The console's router, to move inside the running console as a link would (no second render of the whole app). */
const router: { navigate?: NavigateFunction } = {};
function RouterHandle() {
  const navigate = useNavigate();
  useEffect(() => {
    router.navigate = navigate;
  }, [navigate]);
  return null;
}

function renderMarked(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App i18nProvider={markingI18nProvider()} />
      <RouterHandle />
    </MemoryRouter>,
  );
}

/** Until nothing is loading: no progress bar, and the page's heading is there. */
async function settled() {
  await waitFor(() => expect(document.querySelector('[role="progressbar"]')).toBeNull(), { timeout: 10_000 });
  await waitFor(() => expect(document.querySelectorAll('h1, h2, h6').length).toBeGreaterThan(0));
}

function signInEverywhere() {
  const slugs = registry.all.flatMap(allSlugs);
  signIn(slugs);
  const { handlers, data, rows } = allResources(registry);
  server.use(...handlers);
  // The navigation's names are menu data (menu_name, editable in menu setup) and the footer shows
  // the version from package.json: data, not catalogue texts.
  return { data: [...data, ...USER, ...stringsOf(menuFor(slugs, registry)), `v${version}`], rows };
}

describe('every text on screen comes from the catalogue (or is data)', () => {
  it('finds a made-up label (the check can fail)', () => {
    document.body.innerHTML = '<p>\uE000Branch\uE001</p><p>Branch Code</p><span aria-label="Close"></span><i>01</i><b>Dhaka</b>';
    expect(untranslatedTexts(document.body, ['Dhaka'])).toEqual(['text in <p>: "Branch Code"', 'aria-label of <span>: "Close"']);
    document.body.innerHTML = '';
  });

  it.each(registry.all.map((d) => [d.name, d] as const))(
    '%s: list and form',
    async (_name, d) => {
      const { data, rows } = signInEverywhere();
      renderMarked(`/${d.name}`);
      // The record's title in the table (or in the singleton's form) shows the data has arrived.
      const value = rows.get(d.name)?.[d.titleField];
      // (A number, for a page of numbers only: the retention page's days.)
      const title = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
      if (d.singleton) await screen.findAllByDisplayValue(title, {}, { timeout: 10_000 });
      // (The signed-in user's own name may show twice on the users screen: in the table and the app bar.)
      else await screen.findAllByText(title, {}, { timeout: 10_000 });
      await settled();
      expect(untranslatedTexts(document.body, data)).toEqual([]);
      if (d.singleton) return;
      // The record's dialog over the same list, opened as its row's edit link opens it.
      await act(async () => {
        await router.navigate?.(`/${d.name}/1`);
      });
      await screen.findByRole('dialog', {}, { timeout: 10_000 });
      await settled();
      expect(untranslatedTexts(document.body, data)).toEqual([]);
    },
    SLOW,
  );

  it(
    'home, not-found and sign-in pages',
    async () => {
      const { data } = signInEverywhere();
      const home = renderMarked('/');
      await settled();
      expect(untranslatedTexts(document.body, data)).toEqual([]);
      home.unmount();
      const missing = renderMarked('/no/such/page');
      await settled();
      expect(untranslatedTexts(document.body, data)).toEqual([]);
      missing.unmount();
      localStorage.clear();
      renderMarked('/login');
      await screen.findByRole('button', { name: /sign in/i }, { timeout: 10_000 });
      expect(untranslatedTexts(document.body, [])).toEqual([]);
    },
    SLOW,
  );

  it(
    'in Bengali too (the language loads on demand, html lang follows)',
    async () => {
      localStorage.setItem('language', 'bn');
      const { data } = signInEverywhere();
      renderMarked('/optics/1');
      await screen.findByRole('dialog', {}, { timeout: 15_000 });
      await settled();
      expect(document.documentElement.lang).toBe('bn');
      expect(screen.getAllByText('অপটিক্স পণ্য', { exact: false }).length).toBeGreaterThan(0);
      expect(untranslatedTexts(document.body, data)).toEqual([]);
    },
    SLOW,
  );
});
