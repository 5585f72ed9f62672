/** The privacy module's words (issue 49): the subject access and erase buttons on a person's row, its menu entries (Spanish). */
export default {
  privacy: {
    subject_access: {
      button: 'Exportar sus datos (derecho de acceso)',
      done: 'Datos de %{name} exportados',
    },
    erase: {
      button: 'Borrar a esta persona',
      title: '¿Borrar a %{name}?',
      body: 'Se reemplazan sus campos personales, se eliminan sus imágenes y se cierran sus sesiones; el registro de auditoría conserva sus entradas, pero sus valores personales ya no se pueden leer. No se puede deshacer, ni con restaurar ni con recuperar.',
      type_name: 'Escriba %{name} para confirmar',
      confirm: 'Borrar',
      done: '%{name} borrado',
    },
  },
  menus: {
    privacy: 'Privacidad',
    'privacy/subject-access': 'Exportación de derecho de acceso',
    'privacy/erase': 'Borrar a una persona',
  },
};
