import type { FastifyPluginAsync } from 'fastify';
import { nowIn, todayIn } from '../../resources';
import { success } from '../http/envelope';
import { envelopeSchema } from '../http/schemas';
import { PUBLIC } from '../plugins/auth';

/**
 * The server's time zone and clock, public: the console evaluates date defaults ('today', 'now')
 * in this zone, so a new record's form shows the date the server will store.
 */
export const serverTimeRoutes: FastifyPluginAsync = async (app) => {
  const { timeZone } = app.ctx;
  app.get(
    '/server-time',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['server'],
        summary: "The server's time zone (TZ), today and now in it",
        response: {
          200: envelopeSchema({
            type: 'object',
            properties: {
              time_zone: { type: 'string', description: 'IANA zone, e.g. Asia/Dhaka' },
              today: { type: 'string', description: 'YYYY-MM-DD' },
              now: { type: 'string', description: 'YYYY-MM-DD HH:mm:ss' },
            },
            required: ['time_zone', 'today', 'now'],
          }),
        },
      },
    },
    async () => {
      const at = new Date();
      return success('Data Found', { time_zone: timeZone, today: todayIn(timeZone, at), now: nowIn(timeZone, at) });
    },
  );
};
