import type { FastifyPluginAsync } from 'fastify';
import { success } from '../../http/envelope';
import { PUBLIC, requirePermission } from '../../plugins/auth';
import { directoryConfig } from './accounts';
import { TAGS } from './schemas';
import { DIRECTORY_SLUGS } from './menus';

/**
 * What the sign-in page offers (public: the button's name, whether LDAP and passwords are on) and
 * the settings as the environment gave them, read only, for administrators (never the secret).
 */
export const infoRoutes: FastifyPluginAsync = (app) => {
  app.get(
    '/directory/sign-in-options',
    {
      schema: { tags: TAGS, summary: 'How one may sign in: the OpenID provider, LDAP, passwords' },
      // Public, so bounded per address like the other sign-in routes (a page load asks it once).
      config: { access: PUBLIC, rateLimit: { max: 300, timeWindow: '1 minute' } },
    },
    () => {
      const cfg = directoryConfig(app.ctx);
      return success('Sign-in options', {
        oidc: cfg.oidc ? { name: cfg.oidc.name } : null,
        ldap: !!cfg.ldap,
        password: cfg.passwordSignIn,
      });
    },
  );

  app.get(
    '/directory/settings',
    {
      schema: { tags: TAGS, summary: "The directory settings from the server's environment (read only; no secret)" },
      preHandler: requirePermission(DIRECTORY_SLUGS.settings),
    },
    () => {
      const cfg = directoryConfig(app.ctx);
      const { oidc, ldap } = cfg;
      return success('Directory settings', {
        oidc: oidc
          ? {
              issuer: oidc.issuer,
              client_id: oidc.clientId,
              client_secret_set: !!oidc.clientSecret,
              redirect_uri: oidc.redirectUri,
              post_logout_redirect_uri: oidc.postLogoutRedirectUri ?? '',
              name: oidc.name,
              scopes: oidc.scopes,
              groups_claim: oidc.groupsClaim,
              branch_claim: oidc.branchClaim,
              username_claim: oidc.usernameClaim,
              mfa_amr: oidc.mfaAmr.join(', '),
              mfa_acr: oidc.mfaAcr.join(', '),
            }
          : null,
        ldap: ldap
          ? {
              url: ldap.url,
              start_tls: ldap.startTls,
              user_dn: ldap.userDn,
              group_base: ldap.groupBase,
              group_filter: ldap.groupFilter,
              group_attribute: ldap.groupAttribute,
              branch_attribute: ldap.branchAttribute,
              ca_file: ldap.caFile ?? '',
            }
          : null,
        create_accounts: cfg.createAccounts,
        link_by_email: cfg.linkByEmail,
        designation: cfg.designationCode ?? '',
        department: cfg.departmentCode ?? '',
        password_sign_in: cfg.passwordSignIn,
      });
    },
  );
  return Promise.resolve();
};
