import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { registry } from '../../../resources';
import { server } from '../../msw/server';
import { allSlugs, listHandlers, ok } from '../../msw/contract';
import { renderApp, signIn } from '../render';

const entries = [
  {
    audit_id: 9,
    audit_at: '2026-11-22T09:15:00.000Z',
    audit_actor: 1,
    audit_actor_name: 'Rahima Akter',
    audit_actor_branch: 0,
    audit_action: 'update',
    audit_resource: 'medicine',
    audit_record: 7,
    audit_branch: null,
    audit_changes: { medicine_sales_price: { before: 11, after: 12 } },
    audit_ip: '10.0.0.5',
  },
  {
    audit_id: 8,
    audit_at: '2026-11-22T09:10:00.000Z',
    audit_actor: 1,
    audit_actor_name: 'Rahima Akter',
    audit_actor_branch: 0,
    audit_action: 'delete',
    audit_resource: 'doctors',
    audit_record: 3,
    audit_branch: null,
    audit_changes: { name: { before: 'Dr. Nusrat Jahan' } },
    audit_ip: '10.0.0.5',
  },
];

describe('the audit log screen', () => {
  it('sends the filters in the address to the log route and links each entry to its record', async () => {
    signIn(['audit/audit-list', ...allSlugs(registry.get('users')), ...allSlugs(registry.get('branch'))]);
    const asked: URLSearchParams[] = [];
    server.use(
      ...listHandlers(registry.get('users'), []),
      ...listHandlers(registry.get('branch'), []),
      http.get('*/api/audit/audit-list', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return ok(entries, { total: 2 });
      }),
    );
    const filter = encodeURIComponent(JSON.stringify({ action: 'update', resource: 'medicine', record: '7', from: '2026-11-01' }));
    renderApp(`/audit/audit-list?filter=${filter}`);
    expect(await screen.findByRole('heading', { name: 'Audit Log' })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Open Medicine #7' });
    expect(link).toHaveAttribute('href', '/medicine/7');
    expect(within(link.closest('tr')!).getByText('Updated')).toBeInTheDocument();
    expect(within(link.closest('tr')!).getByText('Sales Price')).toBeInTheDocument();
    // A deleted record opens its resource's deleted records.
    expect(screen.getByRole('link', { name: 'Open Doctor #3' })).toHaveAttribute('href', '/doctors/deleted');
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    const q = asked.at(-1)!;
    expect(Object.fromEntries(q)).toEqual({
      action: 'update',
      resource: 'medicine',
      record: '7',
      from: '2026-11-01',
      page: '1',
      limit: '25',
    });
  });
});
