import { http } from 'msw';
import { vi } from 'vitest';
import { registry } from '../../../resources';
import { allSlugs } from '../../msw/contract';
import { server } from '../../msw/server';
import { renderApp, signIn } from '../render';

// The signed-in shell (layout, menu, list) never arrives: whatever asks for the menu now is not
// the layout, which used to ask once it had rendered.
vi.mock('../../../src/signed-in', () => new Promise<never>(() => undefined));

describe("a returning user's menu", { timeout: 30_000 }, () => {
  it('is asked for when the console starts, before the layout has rendered', async () => {
    signIn(allSlugs(registry.get('medicine')));
    let menuAsked: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => (menuAsked = resolve));
    // Notes the request and lets the menu handler that signIn installed answer it.
    server.use(http.get('*/api/menu/menu-list-user', () => menuAsked()));
    renderApp('/medicine');
    await expect(Promise.race([asked.then(() => 'asked'), new Promise((r) => setTimeout(r, 5000, 'not asked'))])).resolves.toBe('asked');
    expect(document.querySelector('.RaSidebar-fixed')).toBeNull();
  });
});
