import { Secret, TOTP } from 'otpauth';
import type { TestServer } from '../harness';
import { signIn } from '../accounts/helpers';

export const ORIGIN = 'http://localhost:5173';

/** The code an authenticator app shows for this secret, `steps` 30-second steps from now. */
export const codeFor = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/** Sets up an authenticator app for the signed-in user; answers its secret and recovery codes. */
export async function enrolTotp(s: TestServer, token: string) {
  const started = await s.call('POST', '/api/second-factor/totp-start', { token });
  if (started.statusCode !== 200) throw new Error(`totp-start answered ${started.statusCode}: ${started.body}`);
  const secret = started.json().data.secret as string;
  const confirmed = await s.call('POST', '/api/second-factor/totp-confirm', { token, body: { code: codeFor(secret) } });
  if (confirmed.statusCode !== 200) throw new Error(`totp-confirm answered ${confirmed.statusCode}: ${confirmed.body}`);
  return { secret, recovery: confirmed.json().data.recovery_codes as string[] };
}

/** The password step: answers the second step's ticket (fails when the answer has none). */
export async function ticketOf(s: TestServer, username: string, password: string) {
  const res = await signIn(s, username, password);
  const ticket = res.json().data?.second_factor?.ticket as string | undefined;
  if (res.statusCode !== 200 || !ticket) throw new Error(`sign-in of ${username} gave no ticket: ${res.statusCode} ${res.body}`);
  return ticket;
}

export const withCode = (s: TestServer, ticket: string, code: string) =>
  s.call('POST', '/api/users/user-login-code', { token: null, body: { ticket, code } });
