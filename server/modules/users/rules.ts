import type { Row } from '../../db/database';
import { passwordProblem } from '../../auth/password-policy';
import { ApiError } from '../../http/envelope';
import type { AuthUser } from '../../context';
import { seesEveryBranch } from '../../auth/scope';

/**
 * The users rules generic CRUD cannot express, as pure functions of the viewer, the stored user
 * (on update) and the sent fields, so each is tested on its own and the routes stay thin.
 */

const REFERENCE_IDS = ['user_designation', 'user_department', 'user_group'] as const;

const idOf = (v: unknown): number | undefined => {
  if (v === undefined) return undefined;
  if (v === null || v === '') return 0;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
};

/**
 * 422 problems of a create or update body: passwords (required and matching on create, optional
 * on update, the password policy), and the designation, department and group selects, which must
 * name a record (the generic check then proves it exists). Answers field -> message.
 */
export function bodyProblems(fields: Record<string, unknown>, existing?: Row): Record<string, string> {
  const errors: Record<string, string> = {};
  const creating = !existing;
  const password = typeof fields.password === 'string' ? fields.password : '';
  const confirm = typeof fields.c_password === 'string' ? fields.c_password : '';
  if (creating && !password) errors.password = 'password is required';
  if (creating && !confirm) errors.c_password = 'c_password is required';
  if (password && confirm !== password) errors.c_password = 'Password Not Matched!';
  if (password) {
    const sent = fields.username ?? existing?.username;
    const username = typeof sent === 'string' ? sent : '';
    const problem = passwordProblem(password, username);
    if (problem) errors.password = problem;
  }
  for (const name of REFERENCE_IDS) {
    const id = idOf(fields[name]);
    if ((creating && id === undefined) || id === 0) errors[name] = `${name} is required`;
  }
  if (creating && idOf(fields.user_branch) === undefined) errors.user_branch = 'user_branch is required';
  return errors;
}

/** A branch-scoped viewer creates and moves users only within their own branch (403). */
export function checkBranchWrite(viewer: Pick<AuthUser, 'user_branch'>, fields: Record<string, unknown>) {
  if (seesEveryBranch(viewer) || fields.user_branch === undefined) return;
  if (idOf(fields.user_branch) !== viewer.user_branch)
    throw new ApiError(403, 'You may only manage users of your own branch', { user_branch: 'must be your own branch' });
}

/** What an update changes that ends the user's sessions. */
export function sessionEndingChanges(before: Row, after: Row, passwordSet: boolean) {
  return {
    deactivated: Number(before.user_status) === 1 && Number(after.user_status) !== 1,
    groupChanged: Number(before.user_group) !== Number(after.user_group),
    passwordSet,
  };
}

/** The self guards: nobody deletes or deactivates their own account (409). */
export function checkSelf(viewer: Pick<AuthUser, 'user_id'>, userId: number, action: 'delete' | 'deactivate') {
  if (viewer.user_id !== userId) return;
  throw new ApiError(409, action === 'delete' ? 'You cannot delete your own account' : 'You cannot deactivate your own account');
}
