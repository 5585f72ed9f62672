import { configure, waitFor, within } from '@testing-library/react';
import { registry } from '../../../resources';
import { allSlugs, listHandlers } from '../../msw/contract';
import { server } from '../../msw/server';
import { renderApp, signIn } from '../render';
import { serveMenu } from '../shell/menuData';

configure({ asyncUtilTimeout: 8000 });

const ot = registry.get('ot');

/**
 * `GET /menu/menu-list-user` as the server answers it: the catalogue's own entries still bear the
 * names it wrote (`menu_name_shipped` 1); an administrator's menu carries its names per language.
 */
const MENU = [
  {
    menu_id: 40,
    menu_name: 'Services',
    menu_slug: 'services',
    menu_icon: 'LocalHospital',
    menu_position: 40,
    main_menu: 0,
    menu_name_shipped: 1,
    menus: [
      { menu_id: 41, menu_name: 'Ot List', menu_slug: 'ot/ot-list', menu_position: 1, main_menu: 40, menu_name_shipped: 1 },
      {
        menu_id: 42,
        menu_name: 'Ward rounds',
        menu_name_bn: 'ওয়ার্ড পরিদর্শন',
        menu_name_es: 'Rondas de sala',
        menu_name_my: '',
        menu_slug: 'ward-rounds',
        menu_position: 2,
        main_menu: 40,
        menu_name_shipped: 0,
      },
      // Renamed by an administrator: shown as given, in every language without a name of its own.
      { menu_id: 43, menu_name: 'Lab tests', menu_slug: 'investigation/investigation-list', menu_position: 3, main_menu: 40 },
    ],
  },
];

async function navLabels(): Promise<string[]> {
  return waitFor(() => {
    const nav = document.querySelector<HTMLElement>('.RaSidebar-fixed')!;
    const items = within(nav).getAllByRole('menuitem');
    expect(items.length).toBe(4);
    return items.map((i) => i.textContent ?? '');
  });
}

describe('menu labels in the user’s language', { timeout: 120_000 }, () => {
  beforeEach(() => {
    signIn([...allSlugs(ot), ...allSlugs(registry.get('investigation'))]);
    server.use(...registry.all.flatMap((d) => listHandlers(d, [])));
    serveMenu(MENU);
  });

  it('English: the catalogue’s clearer name for a shipped menu, the administrators’ names as given', async () => {
    renderApp('/');
    expect(await navLabels()).toEqual(['Dashboard', 'Operation theatres', 'Ward rounds', 'Lab tests']);
  });

  it('Bengali: shipped menus from the catalogue, an administrator’s menu by its Bengali name', async () => {
    localStorage.setItem('language', 'bn');
    renderApp('/');
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'bn'));
    expect(await navLabels()).toEqual(['ড্যাশবোর্ড', 'অপারেশন থিয়েটার', 'ওয়ার্ড পরিদর্শন', 'Lab tests']);
  });

  it('Burmese: without a Burmese name an administrator’s menu falls back to the name given', async () => {
    localStorage.setItem('language', 'my');
    renderApp('/');
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'my'));
    const labels = await navLabels();
    expect(labels.slice(1)).toEqual(['ခွဲစိတ်ခန်းများ', 'Ward rounds', 'Lab tests']);
  });
});
