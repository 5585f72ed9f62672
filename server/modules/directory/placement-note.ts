import type { RequestOrigin } from '../../auth/auth-user';
import type { Actor } from '../../crud/service';

/**
 * Where a group set by the directory came from, written with the users' update that set it: the
 * trail entry's origin (`audit_browser`) ends with the note, so the explainer can say "group X from
 * the directory's claim `groups` = Y via mapping #N" from the very entry that changed the group
 * (the users' write path records the change; its origin is the only free text it carries).
 */
export interface GroupOrigin {
  /** How the directory said it: OpenID Connect, LDAP or SCIM. */
  method: string;
  /** The claim or attribute that carried the value (`groups`, LDAP `cn`, SCIM `roles`). */
  claim: string;
  value: string;
  mapping: number;
}

const MAX = 500;
const NOTE = /· group from directory claim `([^`]*)`=(.*) via mapping #(\d+) \(([^()]+)\)$/;

export const groupNote = (o: GroupOrigin) =>
  `· group from directory claim \`${o.claim.replaceAll('`', "'")}\`=${o.value.slice(0, 150)} via mapping #${o.mapping} (${o.method})`;

/** The origin with the note at its end (the browser's text shortened to make room: the note is what is read back). */
export function noted(origin: RequestOrigin, o: GroupOrigin | undefined): RequestOrigin {
  if (!o) return origin;
  const note = groupNote(o);
  return { ...origin, userAgent: `${origin.userAgent.slice(0, MAX - note.length - 1)} ${note}` };
}

/** The same for a write with an actor (SCIM's token maker), whose origin the trail records. */
export const notedActor = (actor: Actor, o: GroupOrigin | undefined): Actor =>
  o ? { ...actor, origin: noted(actor.origin ?? { ip: '', userAgent: '', requestId: '' }, o) } : actor;

/** The note read back from a trail entry's origin, when it has one. */
export function groupOriginOf(browser: string | null | undefined): GroupOrigin | undefined {
  const m = NOTE.exec(browser ?? '');
  if (!m) return undefined;
  return { claim: m[1] ?? '', value: m[2] ?? '', mapping: Number(m[3]), method: m[4] ?? '' };
}
