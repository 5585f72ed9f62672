import { fuzzRoutes } from './fuzz-routes';

await fuzzRoutes(2, 3);
