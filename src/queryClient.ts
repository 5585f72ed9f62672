import { QueryClient } from '@tanstack/react-query';
import { SESSION_CHECK_FRESH_MS } from '../authProvider';
import { prefetchMenu } from './layout/menuData';

/** The console's query client (react-admin's and the modules' queries). */
export function createQueryClient(): QueryClient {
  const client = new QueryClient();
  // react-admin runs `checkAuth` again for every component that needs the session as it mounts:
  // the layout, then the screen. Its answer counts as fresh for as long as the authProvider reuses
  // a check's answer anyway: otherwise the screen's re-run, answered from that reuse, still
  // re-rendered every react-admin route (the whole layout, ~90 ms) before a list could ask for its
  // rows (issue 14, bench/FIRST-VISIT.md). A permission change still invalidates it at once.
  client.setQueryDefaults(['auth', 'checkAuth'], { staleTime: SESSION_CHECK_FRESH_MS });
  prefetchMenu(client);
  return client;
}
