/** What the console says while the server cannot serve (503: its database is down, or a proxy's own page). */
export default {
  server: {
    database_unavailable: 'The database is unavailable; try again shortly',
    server_unavailable: 'The server is unavailable; try again shortly',
  },
};
