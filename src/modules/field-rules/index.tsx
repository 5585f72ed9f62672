import type { ConsoleModule } from '../console-module';
import { lazyComponent } from '../../lazy';
import { useFieldRulesAnswer } from './rules';

// The socket listener loads with the signed-in layout (src/signed-in.ts), never on the sign-in page.
const FieldRulePushes = lazyComponent(() => import('../../signed-in').then((m) => m.FieldRulePushes), null);

/**
 * Field rules in the console (docs/field-and-row-rules.md, "In the console"): the signed-in user's
 * hidden and read-only fields (`GET /access/field-rules`), which the generated screens apply to
 * every descriptor (src/screens/field-rules.ts): no column, filter, sort, input, card line or export
 * column for a hidden field, a disabled input for a read-only one. The rules themselves are data
 * (the field-rule and row-rule resources' generated screens).
 */
export const fieldRulesModule: ConsoleModule = {
  name: 'field-rules',
  useFieldRules: useFieldRulesAnswer,
  appBarItems: [FieldRulePushes],
};
