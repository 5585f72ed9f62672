import type { AppContext } from '../../context';
import { ApiError } from '../../http/envelope';
import { setting } from '../../db/settings';
import { directoryConfig } from './accounts';

/**
 * With PASSWORD_SIGN_IN=0 only the directory signs people in; the console's own passwords still
 * work for members of the Super Admin group (break-glass: the directory may be down or
 * misconfigured). Asked by the password sign-in once the password is known to be right, so the
 * answer tells nothing about a username to someone without its password.
 */
export async function assertPasswordSignInAllowed(ctx: AppContext, user: { user_group: number }): Promise<void> {
  const cfg = directoryConfig(ctx);
  if (cfg.passwordSignIn) return;
  const superAdmin = Number(await setting(ctx.conn.db, 'super_admin_group'));
  if (user.user_group === superAdmin) return;
  const via = cfg.oidc ? cfg.oidc.name : cfg.ldap ? 'your directory username and password' : 'the hospital directory';
  throw new ApiError(403, `Password sign-in is turned off: sign in with ${via}`);
}
