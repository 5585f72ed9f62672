import { beforeAll, describe, expect, it } from 'vitest';
import { loadPasswordPolicy } from '../../../server/auth/password-policy';
import { createRegistry, descriptors, userAccess, type ResourceDescriptor } from '../../../resources';
import { bodyProblems, checkBranchWrite, sessionEndingChanges } from '../../../server/modules/users/rules';
import { reaches } from '../../../server/auth/scope';

const replace = (name: string, change: (d: ResourceDescriptor) => ResourceDescriptor) =>
  descriptors.map((d) => (d.name === name ? change(d) : d));

beforeAll(loadPasswordPolicy);

describe('the users declaration is checked with every registry', () => {
  it('accepts the product registry, whose four references declare their code fields', () => {
    expect(() => createRegistry(descriptors)).not.toThrow();
    expect(Object.values(userAccess.references)).toEqual(['user_group', 'user_branch', 'user_designation', 'user_department']);
  });

  it('refuses a referenced resource without a codeField', () => {
    const { codeField: _dropped, ...branch } = descriptors.find((d) => d.name === 'branch')!;
    expect(() => createRegistry(replace('branch', () => branch))).toThrow(/branch references "branch", which declares no codeField/);
  });

  it('refuses a codeField that is not a unique field', () => {
    expect(() => createRegistry(replace('group', (d) => ({ ...d, codeField: 'group_name' })))).toThrow(
      /codeField "group_name" must be a unique field/,
    );
  });

  it('refuses a registry without the users descriptor', () => {
    expect(() => createRegistry(descriptors.filter((d) => d.name !== 'users'))).toThrow(/users declaration names resource "users"/);
  });
});

describe('users rules', () => {
  const body = {
    user_name: 'A',
    username: 'rahima',
    password: 'lantern-river-okra-7',
    c_password: 'lantern-river-okra-7',
    user_branch: 2,
    user_group: 3,
    user_designation: 4,
    user_department: 5,
  };

  it('create needs matching passwords that pass the policy and chosen references', () => {
    expect(bodyProblems(body)).toEqual({});
    expect(bodyProblems({ ...body, c_password: 'other-other-other' })).toEqual({ c_password: 'Password Not Matched!' });
    expect(Object.keys(bodyProblems({ ...body, password: 'rahima', c_password: 'rahima' }))).toEqual(['password']);
    expect(bodyProblems({ ...body, password: 'rahima1234', c_password: 'rahima1234', username: 'rahima1234' }).password).toMatch(
      /username/,
    );
    expect(Object.keys(bodyProblems({ user_name: 'A' })).sort()).toEqual(
      ['c_password', 'password', 'user_branch', 'user_department', 'user_designation', 'user_group'].sort(),
    );
  });

  it('update keeps the password when it is empty and refuses clearing a reference', () => {
    const stored = { username: 'rahima', user_branch: 2 };
    expect(bodyProblems({ user_phone: '1', password: '', c_password: '' }, stored)).toEqual({});
    expect(bodyProblems({ user_group: 0 }, stored)).toEqual({ user_group: 'user_group is required' });
  });

  it('branch scope: branch 0 sees all, others only their own', () => {
    expect(reaches({ user_branch: 0 }, 9)).toBe(true);
    expect(reaches({ user_branch: 2 }, 2)).toBe(true);
    expect(reaches({ user_branch: 2 }, 3)).toBe(false);
    expect(() => checkBranchWrite({ user_branch: 2 }, { user_branch: 3 })).toThrow(/own branch/);
    expect(() => checkBranchWrite({ user_branch: 2 }, { user_branch: '2' })).not.toThrow();
    expect(() => checkBranchWrite({ user_branch: 0 }, { user_branch: 3 })).not.toThrow();
  });

  it('knows which changes end sessions', () => {
    expect(sessionEndingChanges({ user_status: 1, user_group: 3 }, { user_status: 0, user_group: 3 }, false)).toEqual({
      deactivated: true,
      groupChanged: false,
      passwordSet: false,
    });
    expect(sessionEndingChanges({ user_status: 1, user_group: 3 }, { user_status: 1, user_group: 4 }, true)).toEqual({
      deactivated: false,
      groupChanged: true,
      passwordSet: true,
    });
  });
});
