/**
 * The privacy module's names that both sides use (issue 49): its permission slug, held by Super
 * Admin and given to others by the permission screens like any other. Retention and legal holds
 * are descriptors (resources/retention, resources/legal-hold) with their own generated slugs.
 */
export const PRIVACY_SLUGS = {
  /** Export everything the console holds about one person (subject access), from their record. */
  subjectAccess: 'privacy/subject-access',
} as const;

/** The API path of one person's subject access export (a ZIP). */
export const subjectAccessPath = (resource: string, id: number | string) => `/privacy/subject-access/${resource}/${id}`;
