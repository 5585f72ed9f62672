import { registerMenus } from '../access';
import { recordActionSlug } from '../../../resources';
import { changeRequest } from '../../../resources/change-request';

/** The decide actions' slugs (docs/approvals.md), beside the change requests' generated ones. */
export const APPROVAL_SLUGS = {
  approve: recordActionSlug(changeRequest, 'approve'),
  reject: recordActionSlug(changeRequest, 'reject'),
  rebase: recordActionSlug(changeRequest, 'rebase'),
} as const;

// Written at start-up (additively) and granted to Super Admin, like every catalogue entry.
registerMenus([
  { slug: APPROVAL_SLUGS.approve, name: 'Approve Change Requests', parent: 'settings', position: 10, method: 'post' },
  { slug: APPROVAL_SLUGS.reject, name: 'Reject Change Requests', parent: 'settings', position: 11, method: 'post' },
  { slug: APPROVAL_SLUGS.rebase, name: 'Rebase Change Requests', parent: 'settings', position: 12, method: 'post' },
]);
