import { QueryClient } from '@tanstack/react-query';
import { prefetchMenu } from './layout/menuData';

/**
 * The console's query client (react-admin's and the modules' queries): react-query's own, with its
 * defaults. Answers the stored session already knows reach react-admin's auth hooks through their
 * documented options where the console calls them (src/storedAnswers.ts), never through keys of
 * react-admin's own.
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient();
  prefetchMenu(client);
  return client;
}
