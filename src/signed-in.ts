/**
 * Everything the first signed-in screen shows beyond the sign-in page, as one dynamic import:
 * the layout, the generated list screen and the app bar items the modules contribute. Loaded
 * separately they made ~35 small shared chunks that queued on HTTP/1.1's six connections and
 * gzipped worse, so App.tsx and the modules' index files load
 * these parts from here, and Rollup makes one chunk of what only they use.
 */
import { withToolMessages } from './lazy';

export { AppLayout } from './layout/AppLayout';
export { ResourceList } from './screens/ResourceList';
export { ThemeToggle, ThemeMenuItem } from './modules/shell/ThemeToggle';
export { SearchButton } from './modules/shell/search/SearchButton';
export { NotificationBell } from './modules/notifications/NotificationBell';
export { RecordPushes } from './modules/notifications/RecordPushes';
export { FieldRulePushes } from './modules/field-rules/FieldRulePushes';
export { LockWatcher } from './modules/second-factor/LockWatcher';
export { LockMenuItem } from './modules/second-factor/LockMenuItem';
export { ApprovalPushes } from './modules/approvals/ApprovalPushes';
export { ApprovalsBell } from './modules/approvals/ApprovalsBell';

/**
 * The screens and row buttons that only ever show inside the layout, each still a chunk of its
 * own. The module registries (loaded with the sign-in page) fetch them through this chunk rather
 * than directly, so Rollup knows the shell is always loaded before them and keeps what they share
 * with it here: imported from the registries, those shared parts made ~18 small chunks that the
 * first list downloaded one by one, each gzipped apart.
 */
export const inLayout = {
  HomePage: () => import('./pages/HomePage').then((m) => m.HomePage),
  SingletonScreen: () => import('./pages/HomePage').then((m) => m.SingletonScreen),
  ProfilePage: () => import('./modules/accounts/ProfilePage').then((m) => m.ProfilePage),
  ChangePasswordPage: () => import('./modules/accounts/ChangePasswordPage').then((m) => m.ChangePasswordPage),
  MenuSetupPage: () => import('./modules/access/MenuSetupPage').then((m) => m.MenuSetupPage),
  GroupPermissionButton: () => import('./modules/access/GroupPermissionButton').then((m) => m.GroupPermissionButton),
  // The permission tree says where each state comes from in the access explainer's words.
  UserPermissionButton: withToolMessages('explain', () =>
    import('./modules/users/UserPermissionDialog').then((m) => m.UserPermissionButton),
  ),
  PermissionDialogAfterSave: withToolMessages('explain', () =>
    import('./modules/users/UserPermissionDialog').then((m) => m.PermissionDialogAfterSave),
  ),
  ThemeSetupPage: () => import('./modules/shell/ThemeSetupPage').then((m) => m.ThemeSetupPage),
  NotificationAdminPage: () => import('./modules/notifications/NotificationAdminPage').then((m) => m.NotificationAdminPage),
  InboxPage: () => import('./modules/notifications/InboxPage').then((m) => m.InboxPage),
  AuditLogPage: () => import('./modules/audit/AuditLogPage').then((m) => m.AuditLogPage),
  DeletedRecordsPage: () => import('./modules/audit/DeletedRecordsPage').then((m) => m.DeletedRecordsPage),
  CheckAccessPage: () => import('./modules/explain/CheckAccessPage').then((m) => m.CheckAccessPage),
  CompareGroupsPage: () => import('./modules/explain/CompareGroupsPage').then((m) => m.CompareGroupsPage),
  CheckAccessButton: () => import('./modules/explain/UserRowButtons').then((m) => m.CheckAccessButton),
  ViewAsButton: () => import('./modules/explain/UserRowButtons').then((m) => m.ViewAsButton),
  ViewAsBanner: () => import('./modules/explain/ViewAsBanner').then((m) => m.ViewAsBanner),
  ApprovalsReviewPage: () => import('./modules/approvals/ReviewPage').then((m) => m.ReviewPage),
  WorkflowResourceInput: () => import('./modules/approvals/WorkflowInputs').then((m) => m.WorkflowResourceInput),
  WorkflowGroupsInput: () => import('./modules/approvals/WorkflowInputs').then((m) => m.WorkflowGroupsInput),
  ApprovalsReviewRowButton: () => import('./modules/approvals/ReviewRowButton').then((m) => m.ReviewRowButton),
};
