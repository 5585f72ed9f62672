/** The privacy module's words (issue 49): the subject access button on a person's row, its menu entries (Spanish). */
export default {
  privacy: {
    subject_access: {
      button: 'Exportar sus datos (derecho de acceso)',
      done: 'Datos de %{name} exportados',
    },
  },
  menus: {
    privacy: 'Privacidad',
    'privacy/subject-access': 'Exportación de derecho de acceso',
  },
};
