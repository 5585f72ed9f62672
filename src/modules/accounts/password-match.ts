export interface PasswordPair {
  new_password: string;
  c_password: string;
}

/** The spec's 'Password Not Matched!' (translated) on both new-password fields; the form then sends nothing. */
export const NOT_MATCHED = 'accounts.password.not_matched';

export function mismatch(values: Record<string, unknown>): Record<string, string> {
  const { new_password, c_password } = values as Partial<PasswordPair>;
  if (new_password && c_password && new_password !== c_password) return { new_password: NOT_MATCHED, c_password: NOT_MATCHED };
  return {};
}
