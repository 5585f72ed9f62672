/** Sign-in through the hospital's directory, its settings and the SCIM tokens (Spanish). */
export default {
  directory: {
    sign_in: {
      with: 'Iniciar sesión con %{name}',
      use_ldap: 'Usar la contraseña de mi cuenta del directorio',
      returning: 'Terminando el inicio de sesión…',
      not_ours: 'Este inicio de sesión no empezó en este navegador (o ya terminó): empiécelo de nuevo.',
      failed: 'El inicio de sesión con el directorio falló: inténtelo de nuevo.',
      refused_title: 'Inicio de sesión rechazado',
      back: 'Volver al inicio de sesión',
    },
    settings: {
      title: 'Inicio de sesión con el directorio',
      from_environment: 'Estos ajustes vienen de las variables de entorno del servidor; los cambia un administrador del servidor.',
      off: 'No configurado.',
      accounts: 'Cuentas y contraseñas',
    },
    scim: {
      title: 'Tokens SCIM',
      help: 'El directorio crea, actualiza y desactiva cuentas con uno de estos tokens; actúa con los derechos de quien lo creó.',
      name: 'Nombre',
      make: 'Crear un token',
      copy_now: 'Copie este token ahora: no se vuelve a mostrar.',
      made_by: 'Creado por',
      last_used: 'Último uso',
      status: 'Estado',
      revoke: 'Revocar',
      revoked: 'Token revocado',
      revoked_at: 'Revocado %{at}',
    },
  },
};
