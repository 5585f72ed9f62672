import { screen, within } from '@testing-library/react';
import { registry } from '../../resources';
import { server } from '../msw/server';
import { allSlugs, listHandlers } from '../msw/contract';
import { renderApp, signIn } from './render';

/**
 * Rich text in list cells is rendered as sanitised HTML. Runs in jsdom (vitest.config.ts, UI_JSDOM):
 * DOMPurify sanitises nothing in happy-dom.
 */
const chamber = registry.get('chamber');

describe('list cells', () => {
  it('chamber: the description is rendered as sanitised HTML', async () => {
    const hostile = window as unknown as { __chamberPwned?: boolean };
    delete hostile.__chamberPwned;
    signIn(allSlugs(chamber));
    server.use(
      ...listHandlers(chamber, [
        {
          id: 4,
          title: 'Dhanmondi chamber',
          description:
            '<p>Room 405<br><strong>Serial:</strong> +880 1711 000000</p>' +
            '<script>window.__chamberPwned = true</script>' +
            '<img src="x" onerror="window.__chamberPwned = true">',
          logo: '',
          status: 1,
        },
      ]),
    );
    renderApp('/chamber');
    const table = await screen.findByRole('table');
    const strong = await within(table).findByText('Serial:');
    expect(strong.tagName).toBe('STRONG');
    const cell = strong.closest('.html-cell')!;
    expect(cell).toHaveTextContent(/^Room 405Serial: \+880 1711 000000$/);
    expect(cell.querySelector('br')).not.toBeNull();
    expect(table.querySelector('script')).toBeNull();
    expect(table.querySelector('[onerror]')).toBeNull();
    expect(table.innerHTML).not.toContain('__chamberPwned');
    expect(hostile.__chamberPwned).toBeUndefined();
  });
});
