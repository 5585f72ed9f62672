import type { Kysely, Migration } from 'kysely';

/**
 * Frozen: a notice's optional expire-at (issue 48; its due date is its publish-at) and the
 * scheduler's mark of the expiry it recorded (bookkeeping: the expire-at it recorded, claimed by
 * one instance; see resources/notification.ts `scheduled`).
 */
export const notificationExpiry017: Migration = {
  // Migrations see the schema as it was then, so they are typed loosely on purpose.
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('notification').addColumn('notification_expire_at', 'text').execute();
    await db.schema.alterTable('notification').addColumn('notification_expired_for', 'text').execute();
  },
};
