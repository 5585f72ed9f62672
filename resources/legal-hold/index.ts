import type { ResourceDescriptor } from '../types';

/**
 * A legal hold on one person (issue 49 point 4): while an active hold names them, retention keeps
 * their data (audit entries about them or made by them, their sign-in history), and the erasure to
 * come will refuse them. The person is named by their resource (one that describes people) and id,
 * offered as a choice of the people resources.
 */
export const legalHold = {
  name: 'legal-hold',
  api: { prefix: 'legal-hold', body: 'json' },
  table: 'legal_hold',
  idField: 'hold_id',
  statusField: 'hold_status',
  titleField: 'hold_reason',
  importable: false,
  menu: { group: 'settings', icon: 'Badge', position: 92 },
  dialog: 'sm',
  fields: [
    {
      name: 'hold_resource',
      kind: 'choice',
      personal: 'none',
      choices: ['users', 'doctors', 'member', 'donation'],
      default: 'users',
      required: true,
      list: true,
      filter: true,
    },
    { name: 'hold_record', kind: 'integer', personal: 'personal', required: true, min: 1, list: true },
    { name: 'hold_reason', kind: 'text', personal: 'sensitive', required: true, maxLength: 250, list: true, search: true },
    { name: 'hold_status', kind: 'status', personal: 'none', default: 1, list: true },
  ],
} as const satisfies ResourceDescriptor;

export default legalHold;
