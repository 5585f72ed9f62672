/** The second factor's words shown before its screens load: the sign-in page's passkey button, the profile menu's Lock, the group form's fields (English). */
export default {
  second_factor: {
    passkeys: {
      sign_in: 'Use a passkey instead',
      failed: 'The passkey was not used',
    },
    lock: {
      menu: 'Lock',
    },
  },
  resources: {
    group: { fields: { group_second_factor: 'Second factor required', group_second_factor_grace_days: 'Grace period (days)' } },
  },
};
