/**
 * The audit trail's names that both sides use: its permission slugs (held by Super Admin; the
 * console's canAccess takes a slug as its resource) and the actions it records, in the order the
 * log's filter offers them.
 */
export const AUDIT_SLUGS = {
  log: 'audit/audit-list',
  history: 'audit/history',
  restore: 'audit/restore',
} as const;

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'restore',
  'undelete',
  'sign-in',
  'sign-in-failed',
  'sign-out',
  'password-change',
  'password-reset',
  'second-factor-enrolled',
  'second-factor-removed',
  'second-factor-reset',
  'recovery-codes-renewed',
  'passkey-added',
  'passkey-removed',
  'lock',
  'unlock',
  'permission-change',
  'prune',
  'export',
  'erase',
  'import',
  'import-undo',
  'view-as-start',
  'view-as-end',
  'scim-token-created',
  'scim-token-revoked',
  // Scheduled publishing (issue 48): a record's publish-at or expire-at came, recorded by the scheduler.
  'publish',
  'expire',
  // Change requests (issue 48): entries of the request's record, by who submitted or decided it.
  'submit',
  'approve',
  'reject',
  'rebase',
] as const;

/** Actions the trail records (the generic write path's, and the modules'). */
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
