import { sql } from 'kysely';
import type { AppContext, AuthUser } from '../../context';
import { dynamic, type Row } from '../../db/database';
import type { Change, CrudGuards } from '../../crud/service';
import type { FieldLevel } from '../../crud/record-rules';
import type { PolicyDeclaration } from '../policy-declaration';
import { ApiError, notFound } from '../../http/envelope';
import { noEscalation } from '../../auth/no-escalation';
import { inBranchScope } from '../../auth/scope';
import { fieldRulesOf } from './context';
import { rank } from './resolver';
import { columnOf, parseValues, textOf, type RowRuleKind } from './row-filter';

/**
 * The rules' own rules, on the one write path (declared here, listed in ../policies.ts): a rule is
 * for exactly one group or one user, names a resource and a field the registry knows (a row rule's
 * kind must fit the resource), is not given twice, and nobody sets one for a group or user they
 * could not manage or gives a field a level above their own: the slugs' no-escalation
 * (server/auth/no-escalation.ts) carried over to fields.
 */
export const fieldRulePolicy: PolicyDeclaration = { resource: 'field-rule', build: (ctx) => rulePolicy(ctx, 'field') };
export const rowRulePolicy: PolicyDeclaration = { resource: 'row-rule', build: (ctx) => rulePolicy(ctx, 'row') };

function rulePolicy(ctx: AppContext, kind: 'field' | 'row'): CrudGuards {
  const p = kind === 'field' ? 'field_rule' : 'row_rule';
  const col = (name: string) => `${p}_${name}`;
  const escalation = noEscalation(ctx);
  const ddb = dynamic(ctx.conn.db);
  const resolver = fieldRulesOf(ctx);
  const users = ctx.registry.find('users');

  /** Exactly one of group and user (0 is none). */
  function whoFor(after: Row): { group: number; user: number } {
    const group = Number(after[col('group')] ?? 0);
    const user = Number(after[col('user')] ?? 0);
    if ((group === 0) === (user === 0))
      throw new ApiError(422, 'A rule is for either a group or a user', { [col('group')]: 'set a group or a user, not both' });
    return { group, user };
  }

  /** The rule's resource and, for a field rule, its field, as the registry knows them. */
  function checkNames(after: Row) {
    const resource = textOf(after[col('resource')]);
    const d = ctx.registry.find(resource);
    if (!d) throw new ApiError(422, `There is no resource named ${resource}`, { [col('resource')]: 'is not a resource' });
    if (kind === 'field') {
      const field = textOf(after[col('field')]);
      if (!d.fields.some((f) => f.name === field))
        throw new ApiError(422, `${resource} has no field ${field}`, { [col('field')]: 'is not a field of the resource' });
      return;
    }
    const ruleKind = textOf(after[col('kind')]) as RowRuleKind;
    const field = textOf(after[col('field')]);
    if (!columnOf(d, { kind: ruleKind, field })) {
      switch (ruleKind) {
        case 'own-branch':
          throw new ApiError(422, `${resource} records belong to no branch`, { [col('kind')]: 'does not apply to this resource' });
        case 'created-by-me':
          throw new ApiError(422, `${resource} does not keep who created its records`, {
            [col('kind')]: 'does not apply to this resource',
          });
        case 'status-in':
          throw new ApiError(422, `${resource} has no status field ${field}`, { [col('field')]: 'must be a status field of the resource' });
        case 'reference-in':
          throw new ApiError(422, `${resource} has no reference field ${field}`, {
            [col('field')]: 'must be a reference field of the resource',
          });
      }
    }
    if ((ruleKind === 'status-in' || ruleKind === 'reference-in') && !parseValues(after[col('values')]).length)
      throw new ApiError(422, 'A status or reference rule needs at least one value', { [col('values')]: 'must list at least one value' });
  }

  /** 409 for a second field rule of one group or user, resource and field. */
  async function checkDuplicate(after: Row, who: { group: number; user: number }, id?: number) {
    if (kind !== 'field') return;
    let q = ddb
      .selectFrom(p)
      .select(sql.ref(col('id')).as('id'))
      .where(sql.ref(col('group')), '=', who.group)
      .where(sql.ref(col('user')), '=', who.user)
      .where(sql.ref(col('resource')), '=', textOf(after[col('resource')]))
      .where(sql.ref(col('field')), '=', textOf(after[col('field')]));
    if (id !== undefined) q = q.where(sql.ref(col('id')), '<>', id);
    if (await q.executeTakeFirst())
      throw new ApiError(409, 'A rule for this group or user, resource and field already exists', { [col('field')]: 'already has a rule' });
  }

  /** Nobody sets rules for a group or a user they could not manage (the slugs' no-escalation). */
  async function checkManages(actor: AuthUser, who: { group: number; user: number }) {
    if (who.group) return escalation.assertManagesGroup(actor, who.group);
    const user = await ddb
      .selectFrom('users')
      .select(['user_id', 'user_group', 'user_branch'])
      .where('user_id', '=', who.user)
      .executeTakeFirst();
    // Another branch's user does not exist for the actor, as on the users screens.
    if (!user || (users && !inBranchScope(users, actor, user))) throw notFound(`user ${who.user}`);
    await escalation.assertNotAbove(actor, { user_id: Number(user.user_id), user_group: Number(user.user_group) });
  }

  /**
   * Nobody gives a field a level above their own. A rule that stops holding (deleted, set
   * inactive) gives its target the default level, editable: only an actor who may edit the field
   * may lift a rule.
   */
  async function checkLevel(actor: AuthUser, row: Row, level: FieldLevel) {
    if (kind !== 'field' || (await escalation.isSuperAdmin(actor))) return;
    const resource = textOf(row[col('resource')]);
    const field = textOf(row[col('field')]);
    const own = await resolver.levelOf(actor, resource, field);
    if (rank(level) > rank(own.level))
      throw new ApiError(403, `You may not give ${field} a level above your own`, {
        [col('level')]: 'is above your own level of the field',
      });
  }

  const holds = (row: Row) => Number(row[col('status')]) === 1;
  const levelOf = (row: Row): FieldLevel => (holds(row) ? (row[col('level')] as FieldLevel) : 'editable');

  async function check({ actor, after, before }: Change & { after: Row }) {
    const who = whoFor(after);
    checkNames(after);
    await checkDuplicate(after, who, before ? Number(before[col('id')]) : undefined);
    if (!actor) return;
    await checkManages(actor, who);
    if (before) {
      const was = whoFor(before);
      if (was.group !== who.group || was.user !== who.user) await checkManages(actor, was);
      // Moving a rule away from its target lifts it there.
      if (was.group !== who.group || was.user !== who.user || before[col('field')] !== after[col('field')])
        await checkLevel(actor, before, 'editable');
    }
    await checkLevel(actor, after, levelOf(after));
  }

  return {
    beforeCreate: check,
    beforeUpdate: check,
    async beforeDelete({ actor, before }) {
      if (!actor) return;
      await checkManages(actor, whoFor(before));
      await checkLevel(actor, before, 'editable');
    },
    afterWrite(_id, _action, change) {
      resolver.invalidate();
      // The consoles of the rule's target read their rules again, as they do their permissions.
      const row = change.after ?? change.before;
      const group = Number(row?.[col('group')] ?? 0);
      const user = Number(row?.[col('user')] ?? 0);
      ctx.events.emit('permissions-changed', group ? { groupIds: [group] } : { userIds: [user] });
    },
  };
}
