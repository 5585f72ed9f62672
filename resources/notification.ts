import type { ResourceDescriptor } from './types';

/**
 * Notices (spec 000 section 6), written through the generic write path like every entity: the
 * table is migration 005's, the routes, the inbox and the delivery are the notifications module's
 * (server/modules/notifications), whose policy adds what the fields alone cannot say (the target
 * a type needs, targets that exist and are in reach, the sender stamped from the actor).
 *
 * Not one of the console's generated screens: the console has its own notification admin and
 * inbox, so this declaration is not in `descriptors` (no generated screen, menu entry, bulk or
 * spreadsheet route); the server hands it to the generic service itself.
 */
export const notification = {
  name: 'notification',
  api: { prefix: 'notification', entity: 'notification', body: 'json' },
  table: 'notification',
  idField: 'notification_id',
  statusField: 'notification_status',
  titleField: 'notification_title',
  migrationTable: true,
  branchScope: 'notification_branch',
  // When a notice was pushed, claimed by exactly one instance (server/crud/service.ts `claim`).
  bookkeeping: ['notification_delivered_at', 'notification_expired_for'],
  // Its due date is its publish-at (pushed once, when due); expire-at takes it out of the inboxes.
  scheduled: {
    publishAt: 'notification_date',
    expireAt: 'notification_expire_at',
    published: 'notification_delivered_at',
    expired: 'notification_expired_for',
    publishedMark: 'once',
  },
  menu: { group: 'notification', icon: 'Notifications' },
  fields: [
    // The spec's call table sends the short names; its entity lists the `notification_*` ones.
    { name: 'notification_date', kind: 'datetime', personal: 'none', aliases: ['date'], required: true, list: true },
    { name: 'notification_title', kind: 'text', personal: 'none', aliases: ['title'], required: true, maxLength: 250, list: true },
    { name: 'notification_description', kind: 'richText', personal: 'none', aliases: ['description'], wide: true },
    {
      name: 'notification_type',
      kind: 'choice',
      personal: 'none',
      aliases: ['type'],
      choices: ['All', 'Group', 'User'],
      required: true,
      list: true,
    },
    // Plain ids, not references: a notice never keeps its user or group from being deleted, and
    // reads answer the id as the spec shows it (0 when the type does not use the target).
    {
      name: 'notification_user',
      kind: 'integer',
      personal: 'personal',
      aliases: ['user'],
      default: 0,
      min: 0,
      visibleWhen: { field: 'notification_type', in: ['User'] },
    },
    {
      name: 'notification_group',
      kind: 'integer',
      personal: 'none',
      aliases: ['group'],
      default: 0,
      min: 0,
      visibleWhen: { field: 'notification_type', in: ['Group'] },
    },
    { name: 'notification_status', kind: 'status', personal: 'none', aliases: ['status'], default: 1, list: true },
    { name: 'notification_expire_at', kind: 'datetime', personal: 'none', aliases: ['expire_at'] },
    // Stamped from the sender on create (the module's policy), never taken from a body.
    {
      name: 'notification_branch',
      kind: 'reference',
      personal: 'none',
      reference: 'branch',
      embedAs: 'notification_branch_ref',
      none: 0,
      formHidden: true,
    },
    { name: 'notification_sender', kind: 'integer', personal: 'personal', default: 0, min: 0, formHidden: true },
  ],
} as const satisfies ResourceDescriptor;
