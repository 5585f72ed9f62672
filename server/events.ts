import { EventEmitter } from 'node:events';

/**
 * What happened inside this server process, for the modules that react to it (real-time pushes,
 * caches). Emitters do not know their listeners: the accounts module ends sessions, the
 * notifications module disconnects the sockets of those sessions.
 */
export interface ServerEvents {
  /** Sessions were ended: the listed token hashes, or every session of the user when absent. */
  'sessions-ended': [{ userId: number; tokenHashes?: string[] }];
  /** Records of a resource were created, changed or deleted. */
  'record-changed': [RecordChange];
  /**
   * A user's group or permissions changed: consoles should reload their permissions. `fromPeer`:
   * heard from another instance (server/cluster/relay.ts), not to be sent on.
   */
  'permissions-changed': [PermissionsChange];
  /** A user now belongs to another branch (or group): what reaches them follows them. */
  'user-moved': [UserMove];
  /**
   * A scheduled record's publication or expiry was claimed and recorded by this instance (once
   * across the instances: server/modules/schedule), after its commit: a notice is pushed.
   */
  'scheduled-action': [ScheduledAction];
  /** A change request waits for the approver groups, or the author's was decided (issue 48). */
  'change-request': [ChangeRequestNotice];
}

/** What the `change-request` socket event carries, and to whom (docs/approvals.md). */
export interface ChangeRequestNotice {
  groups: number[];
  users: number[];
  request: { id: number; resource: string; record: number; action: string; state: string; why: string };
}

export interface ScheduledAction {
  resource: string;
  action: 'publish' | 'expire';
  /** The record as stored once claimed. */
  row: Readonly<Record<string, unknown>>;
  /** When the scheduler looked (`YYYY-MM-DD HH:mm:ss` in the server's zone). */
  now: string;
}

export interface RecordChange {
  resource: string;
  ids: number[];
  action: 'create' | 'update' | 'delete';
  /**
   * The branches of the records concerned, for records that belong to a branch: the event then
   * reaches only consoles of those branches and of branch 0. Absent: every console allowed to
   * list the resource.
   */
  branches?: number[];
}

export interface UserMove {
  userId: number;
  from: UserPlace;
  to: UserPlace;
  /** Heard from another instance, not to be sent on. */
  fromPeer?: boolean;
}

export interface PermissionsChange {
  userIds?: number[];
  groupIds?: number[];
  fromPeer?: boolean;
}

/** Where a user sits: the group and branch that decide which notices reach them. */
export interface UserPlace {
  group: number;
  branch: number;
}

export type ServerEventBus = EventEmitter<ServerEvents>;

export function createEventBus(): ServerEventBus {
  const bus = new EventEmitter<ServerEvents>();
  // Every module may listen; the default of 10 listeners would warn as modules are added.
  bus.setMaxListeners(50);
  return bus;
}
