import { QueryClient } from '@tanstack/react-query';
import { prefetchMenu } from './layout/menuData';

/** The console's query client (react-admin's and the modules' queries), with the menu asked for at once. */
export function createQueryClient(): QueryClient {
  const client = new QueryClient();
  prefetchMenu(client);
  return client;
}
