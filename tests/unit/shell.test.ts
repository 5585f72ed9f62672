import { registry } from '../../resources';
import { navGroups, routeOf, type MenuEntry } from '../../src/layout/menuData';
import { readRecent, rememberRecent, RECENT_KEY } from '../../src/modules/shell/search/recent';
import { isNetworkFailure, messageOf } from '../../src/screens/failures';
import { HttpError } from 'react-admin';

describe('menu data to navigation', () => {
  it("links a screen's list slug to its route and any other slug to its own path", () => {
    expect(routeOf('medicine/medicine-list', registry)).toBe('/medicine');
    expect(routeOf('blogs/blog-videos-list', registry)).toBe('/blog-videos');
    expect(routeOf('users/user-list', registry)).toBe('/users');
    expect(routeOf('settings/menu-setup', registry)).toBe('/settings/menu-setup');
  });

  it('orders groups and their screens by menu_position; a top-level entry without children links itself', () => {
    const entries: MenuEntry[] = [
      {
        menu_id: 2,
        menu_name: 'B',
        menu_slug: 'b',
        menu_position: 9,
        menus: [
          { menu_id: 21, menu_name: 'B2', menu_slug: 'branch/branch-list', menu_position: 2 },
          { menu_id: 20, menu_name: 'B1', menu_slug: 'group/group-list', menu_position: 1 },
        ],
      },
      { menu_id: 1, menu_name: 'Settings', menu_slug: 'settings/theme-setup', menu_position: 1 },
    ];
    const groups = navGroups(entries, registry);
    expect(groups.map((g) => g.name)).toEqual(['Settings', 'B']);
    expect(groups[0]!.links).toEqual([{ id: 1, name: 'Settings', icon: undefined, to: '/settings/theme-setup' }]);
    expect(groups[1]!.links.map((l) => l.to)).toEqual(['/group', '/branch']);
  });
});

describe('recent records', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the newest first, once each, at most eight, and survives unreadable storage', () => {
    for (let i = 1; i <= 10; i += 1) rememberRecent({ resource: 'medicine', id: String(i), title: `M${i}` });
    rememberRecent({ resource: 'medicine', id: '5', title: 'M5' });
    const recent = readRecent();
    expect(recent.map((r) => r.id)).toEqual(['5', '10', '9', '8', '7', '6', '4', '3']);
    localStorage.setItem(RECENT_KEY, '{broken');
    expect(readRecent()).toEqual([]);
  });
});

describe('failures', () => {
  it("tells the server's refusal from a network failure", () => {
    expect(isNetworkFailure(new HttpError('Branch Code Already Exists', 409))).toBe(false);
    expect(isNetworkFailure(new HttpError('Invalid', 422))).toBe(false);
    expect(isNetworkFailure(new HttpError('Boom', 500))).toBe(true);
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(messageOf(new HttpError('Branch Code Already Exists', 409))).toBe('Branch Code Already Exists');
  });
});
