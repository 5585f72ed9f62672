import type { FastifyPluginAsync } from 'fastify';
import { requireUser, signedIn } from '../../plugins/auth';
import { success } from '../../http/envelope';
import { fieldRulesOf } from './context';
import { fieldRulesAnswer } from './schemas';

/**
 * The signed-in user's field rules, for the console's forms, columns and filters (under view-as,
 * the viewed user's: the session is theirs). Only what the console needs to draw: the server
 * holds the rules on every answer whatever the console does.
 */
export const fieldRulesRoutes: FastifyPluginAsync = async (app) => {
  const resolver = fieldRulesOf(app.ctx);
  app.get(
    '/access/field-rules',
    {
      schema: {
        tags: ['access'],
        summary: 'My field rules: per resource, the fields hidden from me and those read-only for me',
        response: { 200: fieldRulesAnswer },
      },
      preHandler: requireUser,
    },
    async (request) => {
      const rules = await resolver.rulesOf(signedIn(request));
      const data: Record<string, { hidden: string[]; readOnly: string[] }> = {};
      for (const [resource, fields] of rules.fields) {
        if (!app.ctx.registry.find(resource)) continue;
        const hidden = [...fields.values()].filter((r) => r.level === 'hidden').map((r) => r.field);
        const readOnly = [...fields.values()].filter((r) => r.level === 'read-only').map((r) => r.field);
        if (hidden.length || readOnly.length) data[resource] = { hidden: hidden.sort(), readOnly: readOnly.sort() };
      }
      return success('Data Found', data);
    },
  );
};
