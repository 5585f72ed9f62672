import os from 'node:os';
import { connect, type Connection } from '../../../server/db/connect';
import { createCrudService } from '../../../server/crud/service';
import { ImageStore } from '../../../server/crud/images';
import { compiledRunner } from '../../../server/db/compiled';
import { dynamic } from '../../../server/db/database';
import { createTrail } from '../../../server/modules/audit/trail';
import { claimDue, dueActions, type Claimed, type ScheduleAction } from '../../../server/modules/schedule/due';
import { localTimeZone, nowIn, registry, notification, type ResourceDescriptor } from '../../../resources';

/**
 * Claimers of due actions, each on a connection of its own, as separate instances are: what the
 * schedule module's scheduler runs on each look (server/modules/schedule/due.ts), called directly
 * so that a test can make them race.
 */
export interface Claimer {
  conn: Connection;
  claim(resource: ResourceDescriptor, action: ScheduleAction): Promise<Claimed[]>;
}

export async function claimers(n: number, databaseUrl: string | undefined, dataDir = os.tmpdir()): Promise<Claimer[]> {
  const all = [...registry.all, notification];
  return Promise.all(
    Array.from({ length: n }, async () => {
      const conn = await connect({ dataDir, databaseUrl, readerThreads: 0 });
      const crud = createCrudService(conn, registry, new ImageStore(dataDir), compiledRunner(conn), localTimeZone());
      const trail = createTrail(conn.dialect);
      return {
        conn,
        claim: (d: ResourceDescriptor, action: ScheduleAction) => {
          const a = dueActions(all).find((x) => x.d.name === d.name && x.action === action);
          if (!a) throw new Error(`${d.name} declares no schedule`);
          return claimDue(crud, dynamic(conn.db), trail, a, nowIn(localTimeZone()));
        },
      };
    }),
  );
}
