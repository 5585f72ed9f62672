/**
 * The access explainer's permission slugs, read by the server's routes and menus and by the
 * console (canAccess takes a slug as its resource). Held by Super Admin.
 */
export const EXPLAIN_SLUGS = {
  check: 'explain/check-access',
  compare: 'explain/compare-groups',
  viewAs: 'explain/view-as',
} as const;

/** How long a view-as session lasts at most. */
export const VIEW_AS_MINUTES = 15;
