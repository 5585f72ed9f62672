/** JSON schemas of the audit routes (validation and the OpenAPI document). */
import type {} from '@fastify/swagger';
import { AUDIT_ACTIONS } from './trail';

const tags = ['audit'];

const paging = {
  // Bounded like the generic list's page: a huge page overflows OFFSET.
  page: { type: 'integer', minimum: 1, maximum: 2147483647, default: 1, description: 'Page number, from 1' },
  limit: { type: 'integer', minimum: 1, maximum: 1000, default: 50, description: 'Entries per page' },
} as const;

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const resourceName = {
  type: 'string',
  pattern: '^[a-z][a-z0-9_-]{0,59}$',
  description: 'a resource name: medicine, users, group, menu, notification, ...',
} as const;
const entryParams = {
  type: 'object',
  required: ['entryId'],
  properties: { entryId: { type: 'string', pattern: '^[1-9][0-9]{0,9}$', description: 'an audit entry id' } },
} as const;

/** An entry as the API answers it (`audit_snapshot` only in a record's history and deleted records). */
const entry = {
  type: 'object',
  properties: {
    audit_id: { type: 'integer' },
    audit_at: { type: 'string', description: 'UTC, ISO 8601' },
    audit_actor: { type: ['integer', 'null'] },
    audit_actor_name: { type: ['string', 'null'], description: "the actor's name when they acted" },
    audit_actor_branch: { type: ['integer', 'null'] },
    audit_action: { type: 'string', enum: [...AUDIT_ACTIONS] },
    audit_resource: { type: 'string' },
    audit_record: { type: ['integer', 'null'] },
    audit_branch: { type: ['integer', 'null'], description: "the record's branch; null for hospital-wide records" },
    audit_changes: {
      type: 'object',
      additionalProperties: true,
      description: 'field -> {before, after} ({changed: true} for a secret); a permission change: {granted, withdrawn} slugs',
    },
    audit_snapshot: {
      type: ['object', 'null'],
      additionalProperties: true,
      description: 'the record after the change (before it, for a delete)',
    },
    audit_ip: { type: 'string' },
    audit_browser: { type: 'string' },
    audit_request: { type: 'string' },
  },
} as const;

const page = (summary: string) => ({
  200: {
    description: summary,
    type: 'object',
    properties: {
      status: { type: 'integer' },
      message: { type: 'string' },
      total: { type: 'integer' },
      data: { type: 'array', items: entry },
    },
  },
});

export const schemas = {
  list: {
    tags,
    summary: 'The audit log: every entry, newest first, filtered; a branch viewer sees their branch and hospital-wide records',
    querystring: {
      type: 'object',
      properties: {
        ...paging,
        actor: { ...id, description: 'user id of the actor' },
        resource: resourceName,
        record: { ...id, description: 'record id (with resource)' },
        action: { type: 'string', enum: [...AUDIT_ACTIONS] },
        from: { type: 'string', maxLength: 40, description: 'YYYY-MM-DD (that day in the server zone) or an ISO date-time' },
        to: { type: 'string', maxLength: 40, description: 'YYYY-MM-DD (that whole day) or an ISO date-time' },
        branch: { type: 'integer', minimum: 0, maximum: 2147483647, description: "the record's branch" },
      },
    },
    response: page('A page of entries'),
  },
  history: {
    tags,
    summary: "A record's versions, newest first: who, when, each changed field before and after, and the record after the change",
    params: {
      type: 'object',
      required: ['resource', 'id'],
      properties: { resource: resourceName, id: { type: 'string', pattern: '^[1-9][0-9]{0,9}$' } },
    },
    querystring: { type: 'object', properties: paging },
    response: page('A page of versions'),
  },
  deleted: {
    tags,
    summary: 'Records of a resource deleted and not undeleted since: who deleted them, when, and their last values (audit_snapshot)',
    params: { type: 'object', required: ['resource'], properties: { resource: resourceName } },
    querystring: { type: 'object', properties: paging },
    response: page('A page of delete entries'),
  },
  restore: {
    tags,
    summary:
      "Puts the record's fields back as they were after this entry (through the resource's own update and its rules); 409 when the record changed after `latest`",
    params: entryParams,
    body: {
      type: 'object',
      required: ['latest'],
      properties: { latest: { ...id, description: 'the newest entry id the client saw for this record' } },
    },
  },
  undelete: {
    tags,
    summary:
      'Re-inserts a deleted record with its id and last values (through the resource create rules); 422 naming the field when a unique value was taken or a referenced record is gone',
    params: entryParams,
    body: {
      type: 'object',
      properties: {
        password: { type: 'string', maxLength: 200, description: 'users only: the new password (the trail keeps no password)' },
        c_password: { type: 'string', maxLength: 200 },
      },
      additionalProperties: false,
    },
  },
};
