import type { Connection } from './db/connect';
import type { Registry } from '../resources';
import type { ServerConfig } from './config';
import type { CrudService } from './crud/service';
import type { ImageStore } from './crud/images';
import type { PermissionResolver } from './auth/permissions';
import type { SessionStore } from './auth/sessions';
import type { ServerEventBus } from './events';
import type { ClusterBus } from './cluster/bus';
import type { AuthUser } from './auth/auth-user';

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
}

/** Who a request is from: the auth layer's, named here too for the modules that read it from the request. */
export type { AuthUser, RequestOrigin } from './auth/auth-user';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** The line to the other instances (Redis with `REDIS_URL`; alone otherwise): server/cluster/. */
    cluster: ClusterBus;
  }
  interface FastifyRequest {
    user?: AuthUser;
    /** A list read allowed as a form's lookup only (`requireListOrLookup`): answer what a select shows. */
    lookupOnly?: boolean;
  }
}
