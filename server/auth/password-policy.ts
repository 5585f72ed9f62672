import { loadedBeforeUse } from '../util/lazy';

/**
 * The password rules for every place a password is set (user create/update, change password,
 * forgot password), following current guidance (NIST SP 800-63B): a length floor, long
 * passphrases allowed, no composition rules, and refusal of passwords that are known to be
 * common (the 49k-entry list shipped with zxcvbn-ts) or equal to the username.
 *
 * The list (~6 MB of the server's memory) is loaded by the first request that sets a password:
 * callers `await loadPasswordPolicy()` before their (synchronous) checks.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const common = loadedBeforeUse('the common-password list', async () => {
  const { dictionary } = await import('@zxcvbn-ts/language-common');
  return new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
});

export const loadPasswordPolicy = common.load;

/** Answers the problem with the password, or undefined when it may be used. */
export function passwordProblem(password: string, username?: string): string | undefined {
  const length = Array.from(password).length; // characters, not UTF-16 units
  if (length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters`;
  if (length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters`;
  const lower = password.toLowerCase();
  const name = username?.trim().toLowerCase();
  if (name && lower === name) return 'Password must not be the username';
  if (common.get().has(lower)) return 'This password is too common; choose another';
  return undefined;
}
