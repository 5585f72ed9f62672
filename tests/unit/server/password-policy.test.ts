import { loadPasswordPolicy, passwordProblem } from '../../../server/auth/password-policy';

describe('password policy', () => {
  beforeAll(loadPasswordPolicy);
  it('accepts a passphrase of 8 to 128 characters', () => {
    expect(passwordProblem('correct horse battery staple')).toBeUndefined();
    expect(passwordProblem('x'.repeat(7) + 'Q')).toBeUndefined();
    expect(passwordProblem('ab'.repeat(64))).toBeUndefined();
  });
  it('refuses short, overlong, common and username passwords', () => {
    expect(passwordProblem('Ab1!xyz')).toMatch(/at least 8/);
    expect(passwordProblem('a'.repeat(129))).toMatch(/at most 128/);
    expect(passwordProblem('password1')).toMatch(/too common/);
    expect(passwordProblem('Iloveyou')).toMatch(/too common/);
    expect(passwordProblem('Dr.Rahman2024', 'dr.rahman2024')).toMatch(/username/);
  });
});
