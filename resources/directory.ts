/**
 * The directory sign-in's permission slugs, read by the server's routes and menus and by the
 * console (canAccess takes a slug as its resource). Held by Super Admin.
 */
export const DIRECTORY_SLUGS = {
  settings: 'directory/settings',
  scimTokens: 'directory/scim-tokens',
} as const;

/** The console page the OpenID provider sends the browser back to (OIDC_REDIRECT_URI ends with it). */
export const OIDC_CALLBACK_PATH = '/sign-in/directory';
