import type { FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { AuthenticatorTransport } from '@simplewebauthn/server';
import { lazy } from '../../util/lazy';
import { ApiError } from '../../http/envelope';
import type { FactorDb, UserPasskeyTable } from './tables';
import { ISSUER } from './totp';

/**
 * Passkeys (WebAuthn) through @simplewebauthn/server. The relying party is the console's own host:
 * the origin the browser says it is on (the page that calls the API), else the host it called.
 * A browser only answers for the host of the page, and the answer is checked against that origin
 * and against the host each passkey was registered on.
 */
const webauthn = lazy(() => import('@simplewebauthn/server'));

export function relyingParty(request: FastifyRequest): { origin: string; rpID: string } {
  const header = request.headers.origin;
  const origin = typeof header === 'string' && header && header !== 'null' ? header : `${request.protocol}://${request.host}`;
  try {
    return { origin, rpID: new URL(origin).hostname };
  } catch {
    throw new ApiError(400, 'Passkeys need the console to be opened from its own address');
  }
}

const transportsOf = (stored: string) => (stored ? (stored.split(',') as AuthenticatorTransport[]) : undefined);

export async function registrationOptions(
  request: FastifyRequest,
  user: { user_id: number; username: string; user_name: string },
  existing: readonly Pick<UserPasskeyTable, 'credential_id' | 'transports'>[],
) {
  const { rpID } = relyingParty(request);
  return (await webauthn()).generateRegistrationOptions({
    rpName: ISSUER,
    rpID,
    userName: user.username,
    userDisplayName: user.user_name,
    userID: new TextEncoder().encode(`user-${user.user_id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: transportsOf(p.transports) })),
    // Discoverable, so the same passkey can also sign in without a username or password.
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

/** The new passkey's row (without its name and owner), or a 422 when the browser's answer does not hold. */
export async function verifyRegistration(request: FastifyRequest, answer: Record<string, unknown>, challenge: string) {
  const { origin, rpID } = relyingParty(request);
  const w = await webauthn();
  const result = await w
    .verifyRegistrationResponse({
      response: answer as unknown as Parameters<typeof w.verifyRegistrationResponse>[0]['response'],
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    })
    .catch(() => undefined);
  const info = result?.verified ? result.registrationInfo : undefined;
  if (!info) throw new ApiError(422, 'The passkey could not be verified; try again');
  return {
    credential_id: info.credential.id,
    public_key: Buffer.from(info.credential.publicKey).toString('base64url'),
    sign_count: info.credential.counter,
    transports: (info.credential.transports ?? []).join(','),
    rp_id: rpID,
  };
}

export async function authenticationOptions(
  request: FastifyRequest,
  allowed: readonly Pick<UserPasskeyTable, 'credential_id' | 'transports'>[],
) {
  const { rpID } = relyingParty(request);
  return (await webauthn()).generateAuthenticationOptions({
    rpID,
    // None named: the browser offers every passkey it holds for this host (a sign-in without a username).
    allowCredentials: allowed.map((p) => ({ id: p.credential_id, transports: transportsOf(p.transports) })),
    userVerification: 'preferred',
  });
}

/** The passkey the answer names, if it is the user's (any user's when `userId` is 0). */
export async function passkeyOf(db: FactorDb, answer: Record<string, unknown>, userId: number) {
  const id = typeof answer.id === 'string' ? answer.id : '';
  let q = db.selectFrom('user_passkey').selectAll().where('credential_id', '=', id);
  if (userId) q = q.where('user_id', '=', userId);
  return q.executeTakeFirst();
}

/**
 * Checks a browser's assertion against a stored passkey and moves its signature counter on.
 * `needVerifiedUser`: the authenticator must have checked who holds it (PIN, fingerprint), as a
 * passkey that stands alone, without the password, must.
 */
export async function verifyAssertion(
  db: FactorDb,
  request: FastifyRequest,
  answer: Record<string, unknown>,
  challenge: string,
  key: Selectable<UserPasskeyTable>,
  needVerifiedUser: boolean,
): Promise<boolean> {
  const { origin } = relyingParty(request);
  const w = await webauthn();
  const result = await w
    .verifyAuthenticationResponse({
      response: answer as unknown as Parameters<typeof w.verifyAuthenticationResponse>[0]['response'],
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: key.rp_id,
      credential: {
        id: key.credential_id,
        publicKey: new Uint8Array(Buffer.from(key.public_key, 'base64url')),
        counter: Number(key.sign_count),
        transports: transportsOf(key.transports),
      },
      requireUserVerification: needVerifiedUser,
    })
    .catch(() => undefined);
  if (!result?.verified) return false;
  await db
    .updateTable('user_passkey')
    .set({ sign_count: result.authenticationInfo.newCounter, last_used_at: new Date().toISOString() })
    .where('passkey_id', '=', key.passkey_id)
    .execute();
  return true;
}
