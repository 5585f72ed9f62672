import type { Connection } from './db/connect';
import type { Registry } from '../resources';
import type { ServerConfig } from './config';
import type { CrudService } from './crud/service';
import type { ImageStore } from './crud/images';
import type { PermissionResolver } from './auth/permissions';
import type { SessionStore } from './auth/sessions';
import type { ServerEventBus } from './events';

/** What every plugin needs, built once by the app factory and decorated on the instance. */
export interface AppContext {
  config: ServerConfig;
  conn: Connection;
  registry: Registry;
  crud: CrudService;
  images: ImageStore;
  permissions: PermissionResolver;
  sessions: SessionStore;
  events: ServerEventBus;
  /** The configured time zone (`TZ`) in which 'today' and 'now' are evaluated. */
  timeZone: string;
  /** How this instance hears the others, when `REDIS_URL` is set (the notifications module sets it). */
  peers?: PeerLink;
}

export interface PeerLink {
  /** Whether Redis carries this instance's messages both ways right now. */
  redisUp(): boolean;
  /**
   * Settles once every other instance has confirmed (or could not be asked about) each change
   * told to them so far; undefined when none is waiting. An answer waits for it, so that what it
   * acknowledges holds on every instance from the next request.
   */
  confirmations(): Promise<void> | undefined;
}

export interface AuthUser {
  user_id: number;
  user_group: number;
  user_branch: number;
  token: string;
  /** Where the request came from, for the audit trail. */
  origin?: RequestOrigin;
  /** A read-only view-as session: the user who opened it (the session's user is the one viewed). */
  view_as_by?: number;
}

export interface RequestOrigin {
  ip: string;
  userAgent: string;
  requestId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    user?: AuthUser;
    /** A list read allowed as a form's lookup only (`requireListOrLookup`): answer what a select shows. */
    lookupOnly?: boolean;
  }
}
