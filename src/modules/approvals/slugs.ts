import { recordActionSlug } from '../../../resources';
import { changeRequest } from '../../../resources/change-request';

/** The decide actions' permission slugs (docs/approvals.md), as the server names them. */
export const APPROVE_SLUG = recordActionSlug(changeRequest, 'approve');
export const REJECT_SLUG = recordActionSlug(changeRequest, 'reject');
