import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { hashToken } from '../../auth/sessions';
import { createOidcClient, type OidcClient } from './oidc';
import { directoryDb } from './tables';

const clients = new WeakMap<AppContext, OidcClient>();

/**
 * RP-initiated logout: where the session came from an OpenID sign-in and the provider publishes an
 * end-session endpoint, the URL that ends the provider's session too (the console sends the browser
 * there after its own sign-out). Read before the session is revoked (its row goes with it).
 */
export async function providerSignOutUrl(ctx: AppContext, token: string, log: FastifyBaseLogger): Promise<string | undefined> {
  const cfg = ctx.config.directory?.oidc;
  if (!cfg) return undefined;
  const row = await directoryDb(ctx.conn.db)
    .selectFrom('directory_session')
    .select(['provider', 'id_token'])
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (row?.provider !== 'oidc' || !row.id_token) return undefined;
  let client = clients.get(ctx);
  if (!client) {
    client = createOidcClient(cfg, log);
    clients.set(ctx, client);
  }
  return client.endSessionUrl(row.id_token);
}
