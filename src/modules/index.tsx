import { usersModule } from './users';
import { accessModule } from './access';
import { i18nModule } from './i18n';
import { shellModule } from './shell';
import { accountsConsoleModule } from './accounts';
import { notificationsModule } from './notifications';
import { auditModule } from './audit';
import { secondFactorModule } from './second-factor';
import { explainModule } from './explain';
import { directoryModule } from './directory';
import { fieldRulesModule } from './field-rules';
import { privacyModule } from './privacy';
import { approvalsModule } from './approvals';
import type { ConsoleModule } from './console-module';

export type { ConsoleModule } from './console-module';

/**
 * The console's features beyond the generated screens, in the order their contributions show
 * (app bar items, profile menu entries). `App.tsx` mounts their routes and passes this list down
 * (src/modules-context.tsx), so adding a feature is one line here; nothing else imports it.
 */
export const consoleModules: readonly ConsoleModule[] = [
  accessModule,
  usersModule,
  accountsConsoleModule,
  notificationsModule,
  auditModule,
  secondFactorModule,
  explainModule,
  directoryModule,
  fieldRulesModule,
  privacyModule,
  approvalsModule,
  i18nModule,
  shellModule,
];
