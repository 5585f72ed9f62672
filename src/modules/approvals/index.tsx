import { Route } from 'react-router-dom';
import type { ConsoleModule } from '../console-module';
import { lazyComponent, withToolMessages } from '../../lazy';
import { usePendingRecords } from './pending';
import { useQueueFilters } from './queue';
import { CHANGE_REQUEST } from './api';

// A request's page shows the record history's diff table: it loads with the audit trail's words.
const ReviewPage = lazyComponent(withToolMessages('audit', () => import('../../signed-in').then((m) => m.inLayout.ApprovalsReviewPage())));
const ReviewRowButton = lazyComponent(() => import('../../signed-in').then((m) => m.inLayout.ApprovalsReviewRowButton()), null);
// The workflow form's choices load with the form.
const WorkflowResourceInput = lazyComponent(() => import('../../signed-in').then((m) => m.inLayout.WorkflowResourceInput()), null);
const WorkflowGroupsInput = lazyComponent(() => import('../../signed-in').then((m) => m.inLayout.WorkflowGroupsInput()), null);
// The live notices and the reviewers' bell load with the signed-in layout (src/signed-in.ts).
const ApprovalPushes = lazyComponent(() => import('../../signed-in').then((m) => m.ApprovalPushes), null);
const ApprovalsBell = lazyComponent(() => import('../../signed-in').then((m) => m.ApprovalsBell), null);

/**
 * Approvals in the console (issue 48, docs/approvals.md "Console"): the workflow screen's resource
 * and approver-group choices, "Pending review" on records with an open change request (every
 * generated list, dialog and one-record page), the reviewers' queue (the change-request list,
 * open requests first) with a page per request (the diff against the live record, approve or
 * reject with a comment, rebase for its author), and the live notices and bell.
 */
export const approvalsModule: ConsoleModule = {
  name: 'approvals',
  routes: [<Route key="change-request-review" path={`/${CHANGE_REQUEST}/:id`} element={<ReviewPage />} />],
  appBarItems: [ApprovalPushes, ApprovalsBell],
  usePendingRecords,
  screens: {
    workflow: { inputs: { workflow_resource: WorkflowResourceInput, workflow_groups: WorkflowGroupsInput } },
    [CHANGE_REQUEST]: { useListFilters: useQueueFilters },
  },
  rowActions: {
    [CHANGE_REQUEST]: [{ name: 'review', slug: `${CHANGE_REQUEST}/get-${CHANGE_REQUEST}`, component: ReviewRowButton }],
  },
};
