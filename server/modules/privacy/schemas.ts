/**
 * JSON schemas of the privacy module's routes (validation and the OpenAPI document). The export
 * answers a file, so like the spreadsheets' exports it declares no JSON answer; the document's
 * refusals are added for every protected route.
 */
import type {} from '@fastify/swagger';

/** One person's record: the path of the export and of the erasure. */
export const personParams = {
  type: 'object',
  required: ['resource', 'id'],
  properties: {
    resource: { type: 'string', maxLength: 100, description: 'a resource that describes people (users, doctors, member, donation)' },
    id: { type: 'string', maxLength: 20, description: 'the person’s record id' },
  },
} as const;

export const schemas = {
  subjectAccess: {
    tags: ['privacy'],
    summary: 'Everything the console holds about one person, as a ZIP of JSON and CSV with a README (subject access)',
    description:
      "For a record of a resource that describes people (a staff account, a doctor, a member, a donor): the record with each field's classification, the records that reference it, its pictures, and for a staff account their sign-in history, sessions, notices and saved filters; the audit entries about them or made by them. Recorded in the audit trail as an `export` entry on the person's record.",
    params: personParams,
  },
} as const;
