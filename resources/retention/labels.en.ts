import type { ResourceLabels } from '../labels';

/** English labels of "retention". */
export default {
  name: 'Retention |||| Retention',
  menu: 'Data retention',
  fields: {
    retention_audit_days: 'Keep audit entries (days)',
    retention_sign_in_days: 'Keep sign-in history (days)',
    retention_deleted_days: 'Keep deleted records for undelete (days)',
  },
} satisfies ResourceLabels;
