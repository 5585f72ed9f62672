import type { FastifyPluginAsync } from 'fastify';
import type {} from '@fastify/swagger';
import { requirePermission, signedIn } from '../../plugins/auth';
import { ApiError, success } from '../../http/envelope';
import { parseIdParam } from '../../http/ids';
import { envelopeSchema, errorResponses } from '../../http/schemas';
import { refuseInvalid } from '../../http/validation';
import { registerMenus } from '../access';
import { ERASURE_SLUG } from '../../../resources/erasure';
import { eraser } from './erasure';
import { personParams } from './schemas';

// The erasure permission, under the privacy module's entry; written at start-up and granted to Super Admin.
registerMenus([{ slug: ERASURE_SLUG, name: 'Erase a Person', parent: 'privacy', position: 2, method: 'post' }]);

const schema = {
  tags: ['privacy'],
  summary: 'Erases one person: their personal fields replaced, pictures deleted, sessions ended, their key in the trail destroyed',
  description:
    "For a record of a resource that describes people (a staff account, a doctor, a member, a donor). The record stays (what references it stays whole); its fields classified personal or sensitive are replaced through the generic write path, every picture it has had is deleted, a staff account is deactivated with its sessions, sign-in history values, second factors and directory links removed. The person's data key is destroyed: the personal values the audit trail sealed with it can no longer be read, and the chain still verifies. Refused (nothing changed) while a legal hold names the person, for oneself, for the last active Super Admin, for another branch's person. Recorded as one `erase` entry without personal values.",
  params: personParams,
  response: {
    200: envelopeSchema({
      type: 'object',
      required: ['resource', 'id', 'fields', 'pictures'],
      properties: {
        resource: { type: 'string' },
        id: { type: 'integer' },
        fields: { type: 'array', items: { type: 'string' }, description: 'the fields whose values were replaced' },
        pictures: { type: 'integer', description: 'picture files deleted' },
      },
    }),
    ...errorResponses,
  },
} as const;

/** Erasure (issue 49 point 3): see ./erasure.ts. */
export const erasureRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const erasure = eraser(ctx);

  app.post<{ Params: { resource: string; id: string } }>(
    '/privacy/erase/:resource/:id',
    { schema, attachValidation: true, preHandler: requirePermission(ERASURE_SLUG) },
    async (request) => {
      refuseInvalid(request);
      const d = ctx.registry.find(request.params.resource);
      if (!d) throw new ApiError(404, `There is no resource "${request.params.resource}"`);
      const id = parseIdParam(request.params.id, d.name);
      const result = await erasure.erase(signedIn(request), d, id);
      return success('Person Erased Successfully', result);
    },
  );
};
