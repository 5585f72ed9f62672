/** Sign-in through the hospital's directory, its settings and the SCIM tokens (English). */
export default {
  directory: {
    sign_in: {
      with: 'Sign in with %{name}',
      use_ldap: "Use my directory account's password",
      returning: 'Finishing the sign-in…',
      not_ours: 'This sign-in was not started in this browser (or was already finished): start it again.',
      failed: 'The sign-in through the directory failed: try again.',
      refused_title: 'Sign-in refused',
      back: 'Back to sign-in',
    },
    settings: {
      title: 'Directory sign-in',
      from_environment: "These settings come from the server's environment variables; an administrator of the server changes them.",
      off: 'Not configured.',
      accounts: 'Accounts and passwords',
    },
    scim: {
      title: 'SCIM tokens',
      help: 'The directory creates, updates and deactivates accounts with one of these tokens; it acts with the rights of whoever made it.',
      name: 'Name',
      make: 'Make a token',
      copy_now: 'Copy this token now: it is not shown again.',
      made_by: 'Made by',
      last_used: 'Last used',
      status: 'Status',
      revoke: 'Revoke',
      revoked: 'Token revoked',
      revoked_at: 'Revoked %{at}',
    },
  },
};
