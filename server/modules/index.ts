import type { FastifyPluginAsync } from 'fastify';
import { usersRoutes } from './users/routes';
import { accessRoutes } from './access';
import { accountsModule } from './accounts/routes';
import { notificationsModule } from './notifications';
import { auditRoutes } from './audit';
import { bulkRoutes } from './bulk/routes';
import { preferencesRoutes } from './preferences/routes';
import { secondFactorModule } from './second-factor/routes';
import { spreadsheetRoutes } from './spreadsheets/routes';
import { explainRoutes } from './explain';
import { directoryModule } from './directory';
import { fieldRulesRoutes } from './field-rules';
import { scheduleModule } from './schedule';
import { privacyRoutes } from './privacy';
import { erasureRoutes } from './privacy/erasure-routes';

/**
 * The feature modules beyond generic CRUD, registered under the API base after the generated
 * routes. Each is a Fastify plugin in its own folder (routes, service, schemas); adding a feature
 * is one line here.
 */
export const featureModules: readonly FastifyPluginAsync[] = [
  accessRoutes,
  usersRoutes,
  accountsModule,
  notificationsModule,
  auditRoutes,
  bulkRoutes,
  preferencesRoutes,
  secondFactorModule,
  spreadsheetRoutes,
  explainRoutes,
  directoryModule,
  fieldRulesRoutes,
  scheduleModule,
  privacyRoutes,
  erasureRoutes,
];
