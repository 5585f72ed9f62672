import type { TestServer } from '../harness';
import { created, type World } from '../users/helpers';

type Row = Record<string, unknown>;

/** What a reviewer holds: the requests' list and get, and the decide actions. */
export const REVIEW_SLUGS = [
  'change-request/change-request-list',
  'change-request/get-change-request',
  'change-request/change-request-approve',
  'change-request/change-request-reject',
  'change-request/change-request-rebase',
];
/** What an author holds to follow and rebase their own requests. */
export const AUTHOR_SLUGS = [
  'change-request/change-request-list',
  'change-request/get-change-request',
  'change-request/change-request-rebase',
];
export const MEDICINE_SLUGS = [
  'medicine/medicine-list',
  'medicine/get-medicine',
  'medicine/medicine-create',
  'medicine/medicine-update',
  'medicine/medicine-delete',
  'medicine/medicine-import',
  'audit/audit-list',
  'audit/history',
  'audit/restore',
];

/** A workflow made by the admin through the generic route; answers its id. */
export async function workflow(s: TestServer, resource: string, mode: 'none' | 'review' | 'four-eyes', groups: number[]): Promise<number> {
  const data = await created(s, '/api/workflow/workflow-create', {
    workflow_resource: resource,
    workflow_mode: mode,
    workflow_groups: JSON.stringify(groups),
  });
  return data.workflow_id as number;
}

/** The medicine helpers of a test: make one, read one as stored. */
export function medicines(s: TestServer) {
  return {
    /** The server's own write (no actor): no workflow meets it, as the first start's samples. */
    async make(code: string, name = `Medicine ${code}`, price = 7): Promise<number> {
      const d = s.app.ctx.registry.get('medicine');
      const fields = {
        medicine_code: code,
        medicine_name: name,
        medicine_purchase_price: price,
        medicine_sales_price: price + 5,
        medicine_status: 1,
      };
      const row = await s.app.ctx.crud.create(d, { fields, files: [] });
      return Number(row.medicine_id);
    },
    async stored(id: number): Promise<Row | undefined> {
      const res = await s.call('GET', `/api/medicine/get-medicine/${id}`);
      return res.statusCode === 200 ? (res.json().data as Row) : undefined;
    },
  };
}

/** The people of a review: a clerk who writes medicines, two managers who approve them, an outsider. */
export async function reviewers(s: TestServer, w: World) {
  const clerks = await w.group('AP-CLERK', [...MEDICINE_SLUGS, ...AUTHOR_SLUGS]);
  const managers = await w.group('Pharmacy Managers', [...MEDICINE_SLUGS, ...REVIEW_SLUGS]);
  // Holds the slugs but is in no approver group: the slug alone is not enough.
  const outsiders = await w.group('AP-OUTSIDER', [...MEDICINE_SLUGS, ...REVIEW_SLUGS]);
  return {
    clerks,
    managers,
    clerk: await w.member('ap-clerk', w.branchA, clerks),
    manager1: await w.member('ap-manager-1', w.branchA, managers),
    manager2: await w.member('ap-manager-2', w.branchA, managers),
    outsider: await w.member('ap-outsider', w.branchA, outsiders),
  };
}

/** Decides a request as the token's user. */
export const decide = (s: TestServer, token: string, action: 'approve' | 'reject' | 'rebase', id: number, comment = '') =>
  s.call('POST', `/api/change-request/change-request-${action}/${id}`, { token, body: { comment } });
