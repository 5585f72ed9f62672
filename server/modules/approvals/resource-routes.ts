import type { FastifyRequest } from 'fastify';
import type { ResourceRoutes } from '../../routes/resource-routes';
import type { Row } from '../../db/database';
import { signedIn } from '../../plugins/auth';
import { approvalsOf } from './service';
import './menus';

const comment = {
  type: 'object',
  properties: { comment: { type: 'string', maxLength: 1000, description: 'why (optional)' } },
  additionalProperties: false,
} as const;
const request = { type: 'object', additionalProperties: true, description: 'the change request (docs/approvals.md)' } as const;
const commentOf = (req: FastifyRequest) => {
  const body = req.body as { comment?: unknown } | undefined;
  return typeof body?.comment === 'string' ? body.comment.trim() : '';
};

/**
 * What the change requests' generated routes add (issue 48): a request answered with the record
 * as it is now (`live`, the diff's other side), and the decide actions approve, reject and rebase.
 */
export const changeRequestRoutes: ResourceRoutes = {
  answer: async (record: Row, req: FastifyRequest) => ({
    ...record,
    live: await approvalsOf(req.server.ctx).liveOf(record, signedIn(req)),
  }),
  actions: [
    {
      name: 'approve',
      summary: 'Approve a change request: on the last approval needed the change is applied (version-checked)',
      body: comment,
      answer: request,
      run: (req, id, actor) => approvalsOf(req.server.ctx).approve(actor, id, commentOf(req)),
    },
    {
      name: 'reject',
      summary: 'Reject a change request',
      body: comment,
      answer: request,
      run: (req, id, actor) => approvalsOf(req.server.ctx).reject(actor, id, commentOf(req)),
    },
    {
      name: 'rebase',
      summary: "Rebase one's own change request on the record as it is now: approvals cleared, reviewed again",
      body: comment,
      answer: request,
      run: (req, id, actor) => approvalsOf(req.server.ctx).rebase(actor, id, commentOf(req)),
    },
  ],
};
