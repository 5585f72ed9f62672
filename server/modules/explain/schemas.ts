/** JSON schemas of the explainer's routes (validation and the OpenAPI document). */
import type {} from '@fastify/swagger';

const tags = ['explain'];
const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

const answer = (description: string) => ({
  200: {
    description,
    type: 'object',
    properties: {
      status: { type: 'integer' },
      message: { type: 'string' },
      data: { type: ['object', 'null'], additionalProperties: true },
    },
  },
});

export const schemas = {
  check: {
    tags,
    summary: 'Why a user may or may not use a screen or action: the verdict and the chain that decided it',
    description:
      'For `slug` (or every menu when absent), allowed or denied, with each link of the decision (account status, menu, group status, Super Admin, parent nodes, group grant, user grant or denial, and for `record` the branch scope) and who set it when, from the audit trail. The same decision the request guards hold.',
    querystring: {
      type: 'object',
      required: ['user'],
      properties: {
        user: { ...id, description: 'the user' },
        slug: { type: 'string', minLength: 1, maxLength: 200, description: 'a menu slug; absent: every menu' },
        record: { ...id, description: "a record the slug's action would reach (its branch scope)" },
      },
    },
    response: answer(
      'The explanation: `user`, `items` (one per slug, with `allowed` and `chain`) `rules` (the field and row rules that hold for the user, each with its `reason`) and `workflows` (why saves of the resource become change requests, each with its `reason`)',
    ),
  },
  compare: {
    tags,
    summary: "Two groups' permissions side by side, the differences marked",
    querystring: {
      type: 'object',
      properties: { left: { ...id, description: 'a group' }, right: { ...id, description: 'another group' } },
    },
    response: answer('`left`, `right` (the groups), `rows` (menus in tree order with each side and `differs`), `differences`'),
  },
  start: {
    tags,
    summary: 'View the console as a user, read only, for 15 minutes: answers a session token for that view',
    body: { type: 'object', required: ['user_id'], properties: { user_id: { ...id, description: 'the user to view as' } } },
    response: answer('`token` (the read-only session), `user_id`, `user_name`, `ends_at`'),
  },
  end: {
    tags,
    summary: 'End the view-as session this request carries',
    response: answer('`user_id`: whose view ended'),
  },
  fixedGroups: {
    tags,
    summary: 'The groups the server never deletes nor deactivates (the Super Admin group), for the console to say so on their rows',
    response: answer('`super_admin`: the Super Admin group id'),
  },
  status: {
    tags,
    summary: "Whether this request's session views as another user (and until when)",
    response: answer('null, or `user_id`, `user_name`, `by_id`, `by_name`, `ends_at`'),
  },
} as const;
