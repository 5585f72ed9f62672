import type { AppContext } from '../context';
import type { ResourcePolicy } from '../crud/service';
import type { RecordRules } from '../crud/record-rules';
import type { PolicyDeclaration } from './policy-declaration';
import { servedBesides } from '../../resources';
import { usersPolicy } from './users/policy';
import { groupsPolicy } from './access/group-guards';
import { menuPolicy } from './access/menu-policy';
import { notificationsPolicy } from './notifications/policy';
import { mappingPolicy } from './directory/mapping';
import { fieldRulePolicy, rowRulePolicy } from './field-rules/policy';
import { fieldRulesOf } from './field-rules/context';
import { approvalsOf } from './approvals/service';
import { changeRequestPolicy, workflowPolicy } from './approvals/policy';
import type { WriteGate } from '../crud/service';

/** Every module's resource policy, in one list: what the service adopts when the app is built. */
export const declaredPolicies: readonly PolicyDeclaration[] = [
  usersPolicy,
  groupsPolicy,
  menuPolicy,
  notificationsPolicy,
  mappingPolicy,
  fieldRulePolicy,
  rowRulePolicy,
  workflowPolicy,
  changeRequestPolicy,
];

/**
 * The declared policies built with the app's context, for `crud.adopt`. The notices and menus are
 * written through the service without a generated screen (not in the registry); a test's registry
 * without users or groups gets no policy for them.
 */
export const resolvePolicies = (ctx: AppContext): ResourcePolicy[] =>
  declaredPolicies
    .filter((p) => servedBesides.some((x) => x.name === p.resource) || ctx.registry.find(p.resource))
    .map((p) => ({ resource: p.resource, guards: p.build(ctx) }));

/**
 * The field and row rules (issue 47) as the service asks them on every read and write
 * (`crud.ruledBy`, once, when the app is built): declared by the field-rules module, like the
 * policies above, never attached by a route.
 */
export const resolveRecordRules = (ctx: AppContext): RecordRules => fieldRulesOf(ctx);

/**
 * The approvals' gate (issue 48) as the service asks it on every write (`crud.gatedBy`, once,
 * when the app is built): declared by the approvals module, never attached by a route.
 */
export const resolveGate = (ctx: AppContext): WriteGate =>
  // A test's registry without workflows has nothing to gate (and no table to read them from).
  ctx.registry.find('workflow') ? approvalsOf(ctx).gate : { hold: () => undefined };
