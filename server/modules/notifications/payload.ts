import { ApiError } from '../../http/envelope';
import { parseLocal } from './time';

export const NOTIFICATION_TYPES = ['All', 'Group', 'User'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** What a create or update stores, after checking (references are checked by the service). */
export interface NotificationInput {
  notification_date: string;
  notification_title: string;
  notification_description: string;
  notification_type: NotificationType;
  notification_user: number;
  notification_group: number;
  notification_status: 0 | 1;
  /** From then on the notice reaches no inbox (issue 48); null: never. */
  notification_expire_at: string | null;
}

type Body = Record<string, unknown>;

const field = (body: Body, name: keyof NotificationInput) => ({
  present: Object.prototype.hasOwnProperty.call(body, name),
  value: body[name],
});

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** An id as a positive whole number, 0 for none; nested `{group_id: 3}` objects are accepted too. */
function idOf(v: unknown): number | undefined {
  if (blank(v)) return 0;
  if (typeof v === 'object' && v !== null) {
    const inner: unknown = Object.entries(v as Record<string, unknown>).find(([k]) => k.endsWith('_id'))?.[1];
    return idOf(inner);
  }
  const n = Number(v);
  return Number.isSafeInteger(n) && n >= 0 && n <= 2_147_483_647 ? n : undefined;
}

const TITLE_MAX = 250;
const DESCRIPTION_MAX = 100_000;

/**
 * Checks a body against the existing record (on update, absent fields keep their value). The
 * body is one the generic normaliser has read (the spec's short names are the fields' aliases,
 * so only the `notification_*` names are left). Messages are keyed by the short names as the spec's
 * clients know them. The description comes back as sent: the write sanitises rich text itself.
 * Throws 422 with one message per field; nothing is written then.
 */
export function readNotificationBody(body: Body, existing?: NotificationInput): NotificationInput {
  const errors: Record<string, string> = {};

  const title = field(body, 'notification_title');
  let notification_title = existing?.notification_title ?? '';
  if (title.present || !existing) {
    notification_title = blank(title.value) ? '' : String(title.value).trim();
    if (!notification_title) errors.title = 'Title is required';
    else if (notification_title.length > TITLE_MAX) errors.title = `Title must be at most ${TITLE_MAX} characters`;
  }

  const description = field(body, 'notification_description');
  let notification_description = existing?.notification_description ?? '';
  if (description.present) {
    const text = blank(description.value) ? '' : String(description.value);
    if (text.length > DESCRIPTION_MAX) errors.description = `Description must be at most ${DESCRIPTION_MAX} characters`;
    else notification_description = text;
  }

  const date = field(body, 'notification_date');
  let notification_date = existing?.notification_date ?? '';
  if (date.present || !existing) {
    const parsed = typeof date.value === 'string' ? parseLocal(date.value) : undefined;
    if (blank(date.value)) errors.notification_date = 'Date is required';
    else if (!parsed) errors.notification_date = 'Date must be a date and time (yyyy-MM-dd HH:mm:ss)';
    else notification_date = parsed;
  }

  const expiry = field(body, 'notification_expire_at');
  let notification_expire_at = existing?.notification_expire_at ?? null;
  if (expiry.present) {
    const parsed = typeof expiry.value === 'string' ? parseLocal(expiry.value) : undefined;
    if (blank(expiry.value)) notification_expire_at = null;
    else if (!parsed) errors.expire_at = 'Expire at must be a date and time (yyyy-MM-dd HH:mm:ss)';
    else notification_expire_at = parsed;
  }
  if (notification_expire_at !== null && notification_date && !errors.expire_at && notification_expire_at <= notification_date)
    errors.expire_at = 'Expire at must be after the date';

  const type = field(body, 'notification_type');
  let notification_type: NotificationType | undefined = existing?.notification_type;
  if (type.present || !existing) {
    const named = NOTIFICATION_TYPES.find((t) => typeof type.value === 'string' && t.toLowerCase() === type.value.trim().toLowerCase());
    notification_type = named;
    if (blank(type.value)) errors.type = 'Type is required';
    else if (!named) errors.type = `Type must be one of: ${NOTIFICATION_TYPES.join(', ')}`;
  }

  const status = field(body, 'notification_status');
  let notification_status: 0 | 1 = existing?.notification_status ?? 1;
  if (status.present && !blank(status.value)) {
    const v = status.value;
    if (v === true || v === 1 || v === '1' || v === 'true') notification_status = 1;
    else if (v === false || v === 0 || v === '0' || v === 'false') notification_status = 0;
    else errors.status = 'Status must be 1 (active) or 0 (inactive)';
  }

  const user = field(body, 'notification_user');
  const group = field(body, 'notification_group');
  let notification_user = existing?.notification_user ?? 0;
  let notification_group = existing?.notification_group ?? 0;
  if (user.present) {
    const id = idOf(user.value);
    if (id === undefined) errors.user = 'User must be a user id';
    else notification_user = id;
  }
  if (group.present) {
    const id = idOf(group.value);
    if (id === undefined) errors.group = 'Group must be a group id';
    else notification_group = id;
  }
  // The target the type needs is required; the other one is cleared so a notice has one reach.
  if (notification_type === 'Group') {
    notification_user = 0;
    if (!notification_group && !errors.group) errors.group = 'Group is required for a Group notification';
  } else if (notification_type === 'User') {
    notification_group = 0;
    if (!notification_user && !errors.user) errors.user = 'User is required for a User notification';
  } else if (notification_type === 'All') {
    notification_user = 0;
    notification_group = 0;
  }

  if (Object.keys(errors).length || !notification_type) throw new ApiError(422, Object.values(errors).join('; '), errors);
  return {
    notification_date,
    notification_title,
    notification_description,
    notification_type,
    notification_user,
    notification_group,
    notification_status,
    notification_expire_at,
  };
}
