/**
 * The privacy module's names that both sides use (issue 49): its permission slugs, held by Super
 * Admin and given to others by the permission screens like any other.
 */
export const PRIVACY_SLUGS = {
  /** Export everything the console holds about one person (subject access), from their record. */
  subjectAccess: 'privacy/subject-access',
  /** Read and set how long each kind of data is kept, and the legal holds on people. */
  retention: 'privacy/retention',
} as const;

/** The API path of one person's subject access export (a ZIP). */
export const subjectAccessPath = (resource: string, id: number | string) => `/privacy/subject-access/${resource}/${id}`;
