/**
 * Write routes that change nothing worth an audit entry, each with the reason. Every other
 * POST, PUT, PATCH and DELETE route must record its change in the trail: the coverage test
 * (tests/api/audit/coverage.test.ts) walks the OpenAPI document and fails on a write route that
 * neither records an entry nor is declared here.
 */
import { registry } from '../../../resources';
import { importable, importErrorsPath } from '../../../resources/spreadsheets';

export const UNTRAILED_ROUTES: Readonly<Record<string, string>> = {
  // Change requests (issue 48) are written by saving a record under its workflow; these answer 405.
  'POST /change-request/change-request-create': 'refused (405): change requests are made by saving under a workflow',
  'PUT /change-request/change-request-update/{id}': 'refused (405): change requests are decided by approve, reject or rebase',
  'DELETE /change-request/change-request-delete/{id}': 'refused (405): change requests are never deleted by hand',
  'POST /change-request/change-request-bulk': 'every row refused (405): change requests are decided one by one',
  'PUT /notification/notification-read/{id}': "the reader's own read mark on a notice",
  'PUT /notification/notification-read-all': "the reader's own read marks",
  'POST /reset-password-verify': 'mails a one-time code; no account changes (the reset itself is recorded)',
  'POST /reset-password-otp': 'checks a one-time code; no account changes (the reset itself is recorded)',
  'POST /preferences/saved-filter-create': "a user's own saved list filter",
  'DELETE /preferences/saved-filter-delete/{id}': "a user's own saved list filter",
  'PUT /preferences/list-columns-update': "a user's own column choice",
  'POST /users/user-login-enrol': 'a new authenticator secret, pending until confirmed (the confirmation is recorded)',
  'POST /users/user-login-passkey-options': 'issues a passkey challenge; no account changes (the sign-in is recorded)',
  'POST /second-factor/totp-start': 'a new authenticator secret, pending until confirmed (the confirmation is recorded)',
  'POST /second-factor/passkey-options': 'issues a passkey challenge; no account changes (the passkey added is recorded)',
  'POST /second-factor/unlock-passkey-options': 'issues a passkey challenge; no account changes (the unlock is recorded)',
  ...Object.fromEntries(
    registry.all
      .filter(importable)
      .map((d) => [`POST ${importErrorsPath(d)}`, 'answers the file sent with an Errors column; writes nothing']),
  ),
};
