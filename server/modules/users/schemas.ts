/** JSON schemas of the users routes (OpenAPI at /api/docs); bodies are checked by the descriptor. */
const nested = (prefix: string) => ({
  type: 'object',
  properties: {
    [`${prefix}_id`]: { type: 'integer' },
    [`${prefix}_code`]: { type: 'string' },
    [`${prefix}_name`]: { type: 'string' },
  },
});

export const userRecord = {
  type: 'object',
  properties: {
    user_id: { type: 'integer' },
    user_name: { type: 'string' },
    username: { type: 'string' },
    user_phone: { type: 'string' },
    user_email: { type: 'string' },
    user_address: { type: 'string' },
    user_picture: { type: 'string' },
    user_status: { type: 'integer' },
    user_branch: nested('branch'),
    user_group: nested('group'),
    user_designation: nested('designation'),
    user_department: nested('department'),
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
  },
} as const;

const envelope = (data: object) => ({
  type: 'object',
  properties: {
    status: { type: 'integer' },
    message: { type: 'string' },
    data,
    total: { type: 'integer' },
  },
});

export const idParams = {
  type: 'object',
  properties: { id: { type: 'string', maxLength: 20 } },
  required: ['id'],
} as const;

export const listQuery = {
  type: 'object',
  properties: {
    branch: { type: 'string', description: 'a branch id, or all (branch-0 users only)' },
    user_branch: { type: 'string', description: 'the same as branch' },
    group: { type: 'string', description: 'a group id, or all' },
    status: { type: 'string', enum: ['all', '1', '0', ''] },
    search: { type: 'string', maxLength: 200 },
    page: { type: 'string' },
    limit: { type: 'string' },
    sort: { type: 'string' },
    order: { type: 'string' },
    ids: { type: 'string' },
  },
} as const;

/** The write body: the descriptor's fields plus password and c_password (JSON or multipart). */
export const writeBody = {
  type: 'object',
  properties: {
    user_name: { type: 'string' },
    username: { type: 'string' },
    password: { type: 'string', description: 'required on create; empty on update keeps the old one' },
    c_password: { type: 'string', description: 'must equal password' },
    user_designation: { type: ['integer', 'string'] },
    user_department: { type: ['integer', 'string'] },
    user_branch: { type: ['integer', 'string'], description: '0 means every branch (branch-0 viewers only)' },
    user_group: { type: ['integer', 'string'] },
    user_phone: { type: 'string' },
    user_email: { type: 'string' },
    user_address: { type: 'string' },
    user_status: { type: ['integer', 'string'] },
    user_picture: { type: 'string', description: 'multipart file; empty removes the picture' },
  },
} as const;

export const oneUserAnswer = { 200: envelope(userRecord), 201: envelope(userRecord) };
export const listAnswer = { 200: envelope({ type: 'array', items: userRecord }) };
export const deleteAnswer = { 200: envelope({ type: 'object', properties: { user_id: { type: 'integer' } } }) };
