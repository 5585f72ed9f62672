/** What the console says while the server cannot serve (503: its database is down, or a proxy's own page). */
export default {
  server: {
    database_unavailable: 'La base de datos no está disponible; inténtelo de nuevo en unos momentos',
    server_unavailable: 'El servidor no está disponible; inténtelo de nuevo en unos momentos',
  },
};
