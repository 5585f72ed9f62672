/**
 * SCIM's own error answer (RFC 7644 section 3.12): the directory's client reads `status`,
 * `scimType` and `detail`, not the console's envelope.
 */
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

export type ScimType =
  'invalidFilter' | 'invalidSyntax' | 'invalidPath' | 'invalidValue' | 'noTarget' | 'uniqueness' | 'mutability' | 'tooMany';

export class ScimError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly scimType?: ScimType,
  ) {
    super(message);
  }
}

export const scimErrorBody = (status: number, detail: string, scimType?: string) => ({
  schemas: [ERROR_SCHEMA],
  status: String(status),
  ...(scimType && { scimType }),
  detail,
});
