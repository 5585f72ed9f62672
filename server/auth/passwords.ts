import { lazy } from '../util/lazy';

const argon2 = lazy(() => import('@node-rs/argon2'));

// argon2id with OWASP's recommended minimum (19 MiB, 2 passes).
const options = {
  algorithm: 2 /* Algorithm.Argon2id: a const enum, not importable under isolatedModules */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export const hashPassword = async (password: string) => (await argon2()).hash(password, options);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await (await argon2()).verify(stored, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the user does not exist, so timing does not reveal usernames. */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hashPassword('decoy-password-never-matches'));
