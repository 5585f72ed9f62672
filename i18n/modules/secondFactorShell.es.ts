/** The second factor's words shown before its screens load: the sign-in page's passkey button, the profile menu's Lock, the group form's fields (Spanish). */
export default {
  second_factor: {
    passkeys: {
      sign_in: 'Usar una llave de acceso',
      failed: 'No se usó la llave de acceso',
    },
    lock: {
      menu: 'Bloquear',
    },
  },
  resources: {
    group: { fields: { group_second_factor: 'Segundo factor obligatorio', group_second_factor_grace_days: 'Plazo de gracia (días)' } },
  },
};
