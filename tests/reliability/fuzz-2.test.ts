import { fuzzRoutes } from './fuzz-routes';

await fuzzRoutes(1, 3);
