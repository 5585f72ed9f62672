import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { dynamic, type Row } from '../../db/database';
import type { Actor, CrudGuards } from '../../crud/service';
import type { PolicyDeclaration } from '../policy-declaration';
import { branchOf } from '../../auth/scope';
import { ApiError } from '../../http/envelope';
import { notification } from '../../../resources';
import { NOTIFICATION_TYPES, readNotificationBody, type NotificationInput } from './payload';

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The stored values of a notice as the module's rules read them. */
export function inputOf(row: Row): NotificationInput {
  const type = NOTIFICATION_TYPES.find((t) => t === row.notification_type) ?? 'All';
  return {
    notification_date: text(row.notification_date),
    notification_title: text(row.notification_title),
    notification_description: text(row.notification_description),
    notification_type: type,
    notification_user: Number(row.notification_user ?? 0),
    notification_group: Number(row.notification_group ?? 0),
    notification_status: Number(row.notification_status) === 1 ? 1 : 0,
    notification_expire_at:
      typeof row.notification_expire_at === 'string' && row.notification_expire_at ? row.notification_expire_at : null,
  };
}

/**
 * Whether a change makes a notice pending again, so it is pushed (again) when due: a change of
 * date or reach, or a switch back to active. Editing only the text of a delivered notice does not
 * push it again.
 */
export function redelivers(before: NotificationInput, after: NotificationInput): boolean {
  const reachChanged =
    after.notification_date !== before.notification_date ||
    after.notification_type !== before.notification_type ||
    after.notification_group !== before.notification_group ||
    after.notification_user !== before.notification_user;
  return after.notification_status === 1 && (before.notification_status !== 1 || reachChanged);
}

/**
 * The notices' rules, on the generic write path every change of a notice goes through, with the
 * actor and the record before and after the change:
 * - the body is read by the notices' own rules (their messages, keyed by the spec's short names):
 *   the type's target is required and the other one cleared, so a notice has one reach;
 * - the targets exist, and a branch sender's user is one of their branch (another branch's user
 *   does not exist for them, as in the users screens);
 * - a new notice is the sender's: its branch (its reach, and the branch scope of its
 *   administration) and its sender come from the actor, never from the body;
 * - a change of date or reach, or a switch back on, makes it pending again;
 * The branch scope itself is the descriptor's (`branchScope`), applied by the generic service.
 */
export const notificationsPolicy: PolicyDeclaration = { resource: notification.name, build: buildNotificationsPolicy };

function buildNotificationsPolicy(ctx: AppContext): CrudGuards {
  const db = ctx.conn.db;

  async function checkTargets(actor: Actor | undefined, input: NotificationInput) {
    const errors: Record<string, string> = {};
    if (input.notification_type === 'Group') {
      const g = ctx.registry.get('group');
      const found = await dynamic(db)
        .selectFrom(g.table)
        .select(sql.ref(g.idField).as('id'))
        .where(sql.ref(g.idField), '=', input.notification_group)
        .executeTakeFirst();
      if (!found) errors.group = `group refers to an unknown group (id ${input.notification_group})`;
    }
    if (input.notification_type === 'User') {
      let user = db.selectFrom('users').select('user_id').where('user_id', '=', input.notification_user);
      const branch = branchOf(actor);
      if (branch !== undefined) user = user.where('user_branch', '=', branch);
      const found = await user.executeTakeFirst();
      if (!found) errors.user = `user refers to an unknown user (id ${input.notification_user})`;
    }
    if (Object.keys(errors).length) throw new ApiError(422, Object.values(errors).join('; '), errors);
  }

  return {
    prepare({ actor, before, body, undeleting }) {
      const existing = before ? inputOf(before) : undefined;
      const input = readNotificationBody(body.fields, existing);
      if (!existing) {
        // An undeleted notice is its sender's again, in its branch; a new one is the actor's.
        const stamp = undeleting
          ? { notification_branch: body.fields.notification_branch ?? 0, notification_sender: body.fields.notification_sender ?? 0 }
          : { notification_branch: actor?.user_branch ?? 0, notification_sender: actor?.user_id ?? 0 };
        return { fields: { ...input, ...stamp }, files: [] };
      }
      // Only what this request changes: a simultaneous edit of other fields is kept, not overwritten with what was read.
      const changed = Object.fromEntries(Object.entries(input).filter(([k, value]) => existing[k as keyof NotificationInput] !== value));
      return { fields: changed, files: [] };
    },

    async beforeCreate({ actor, after }) {
      await checkTargets(actor, inputOf(after));
    },

    async beforeUpdate({ actor, after }) {
      await checkTargets(actor, inputOf(after));
    },

    extra({ action, before, after }) {
      if (action === 'create') return { notification_delivered_at: null };
      return before && after && redelivers(inputOf(before), inputOf(after)) ? { notification_delivered_at: null } : {};
    },
  };
}
