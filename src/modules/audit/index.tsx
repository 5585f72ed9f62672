import { Route } from 'react-router-dom';
import type { ConsoleModule } from '../console-module';
import { lazyComponent, withToolMessages } from '../../lazy';

// The audit screens are chunks of their own, loaded when first shown, through the shell's chunk (see src/signed-in.ts).
const AuditLogPage = lazyComponent(withToolMessages('audit', () => import('../../signed-in').then((m) => m.inLayout.AuditLogPage())));
const DeletedRecordsPage = lazyComponent(
  withToolMessages('audit', () => import('../../signed-in').then((m) => m.inLayout.DeletedRecordsPage())),
);

/**
 * The audit trail's screens: the log (at its menu entry's route, `audit/audit-list`) and each
 * resource's deleted records. A record's history opens from its own dialog (RecordHistoryButton).
 */
export const auditModule: ConsoleModule = {
  name: 'audit',
  routes: [
    <Route key="audit-log" path="/audit/audit-list" element={<AuditLogPage />} />,
    <Route key="deleted" path="/:resource/deleted" element={<DeletedRecordsPage />} />,
    // Outranks the notification screen's own /notification/:id.
    <Route key="notification-deleted" path="/notification/deleted" element={<DeletedRecordsPage />} />,
  ],
};
