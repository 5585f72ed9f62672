import type { AppContext } from '../../context';
import { createFieldRulesResolver, type FieldRulesResolver } from './resolver';

const resolvers = new WeakMap<AppContext, FieldRulesResolver>();

/** The resources whose records are rules: a change of one drops what is kept. */
const RULE_RESOURCES = new Set(['field-rule', 'row-rule']);

/**
 * The app's one resolver of field and row rules: built with the app's context the first time it is
 * asked for (by the service's adoption, the module's policy or its routes), and told of every
 * change that alters what holds for someone. A change heard from another instance arrives as the
 * same events (server/cluster/relay.ts).
 */
export function fieldRulesOf(ctx: AppContext): FieldRulesResolver {
  let resolver = resolvers.get(ctx);
  if (resolver) return resolver;
  const made = createFieldRulesResolver(ctx.conn.db, ctx.registry);
  resolvers.set(ctx, made);
  ctx.events.on('record-changed', (change) => {
    // A user deleted or a group changed: who a kept entry speaks for may have changed too.
    if (RULE_RESOURCES.has(change.resource) || change.resource === 'users' || change.resource === 'group') made.invalidate();
  });
  ctx.events.on('permissions-changed', () => made.invalidate());
  ctx.events.on('user-moved', () => made.invalidate());
  resolver = made;
  return resolver;
}
