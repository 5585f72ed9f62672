import type { ResourceDescriptor } from '../types';

/**
 * How long each kind of data is kept (issue 49 point 4), one page an administrator sets; empty
 * keeps that kind for ever. Applied at start-up and daily by server/modules/privacy/retention.ts:
 * audit entries (the prune of AUDIT_RETENTION_DAYS, which this setting overrides when given),
 * sign-in history, and deleted records kept for undelete (their snapshots live in the trail's
 * delete entries: past this age, undelete is refused and the trail's prune may take them). A
 * legal hold on a person (legal-hold) keeps their data whatever the setting.
 */
export const retention = {
  name: 'retention',
  api: { prefix: 'retention', body: 'json' },
  table: 'retention_setting',
  idField: 'id',
  titleField: 'retention_audit_days',
  singleton: true,
  importable: false,
  menu: { group: 'settings', icon: 'WorkHistory', position: 91 },
  fields: [
    { name: 'retention_audit_days', kind: 'integer', personal: 'none', min: 1, max: 36500 },
    { name: 'retention_sign_in_days', kind: 'integer', personal: 'none', min: 1, max: 36500 },
    { name: 'retention_deleted_days', kind: 'integer', personal: 'none', min: 1, max: 36500 },
  ],
} as const satisfies ResourceDescriptor;

export default retention;
