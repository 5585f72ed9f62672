/**
 * The socket client, loaded on its own by socket.ts once the first screen is drawn: through this
 * module its chunk is named after it (`socket-client-*.js`) rather than after the package's folder.
 */
export { io } from 'socket.io-client';
