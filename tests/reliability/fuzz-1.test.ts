import { fuzzRoutes } from './fuzz-routes';

await fuzzRoutes(0, 3);
