import { setupServer } from 'msw/node';
import { menuHandler } from './menu';

/**
 * Shared msw server; each test installs its own handlers with server.use(...). The only standing
 * answer is the navigation every signed-in screen asks for: empty unless a test says otherwise
 * (`signIn` answers the menu of its slugs).
 */
export const server = setupServer(menuHandler([]));
