/**
 * A client generated from the API's OpenAPI document (openapi-typescript's `paths`, used through
 * openapi-fetch) making the calls the console's data provider makes, with the paths, queries,
 * headers and payloads it sends (dataProvider/). Nothing here runs: `npm run typecheck` writes the
 * types afresh from the live document (scripts/openapi-document.ts) and type-checks this file, so a
 * path, parameter or payload the document stops describing fails the type check.
 */
import createClient from 'openapi-fetch';
import type { paths } from './generated/api';
import type { Envelope, ServerTime } from '../../dataProvider';
import type { BulkAction, BulkAnswer } from '../../resources/bulk';

type Method = 'get' | 'post' | 'put' | 'delete';
/** The JSON body of an operation's answer with `code`. */
type Answer<P extends keyof paths, M extends Method, Code extends number> = paths[P][M] extends {
  responses: Record<Code, { content: { 'application/json': infer Body } }>;
}
  ? Body
  : never;

/** True when A is assignable to B; `expectType<…>(true)` fails to compile otherwise. */
type Assignable<A, B> = [A] extends [B] ? true : false;
const expectType = <T extends true>(value: T): T => value;

const client = createClient<paths>({ baseUrl: '/api' });
const ifMatch = { 'If-Match': '"2026-01-01 00:00:00"' };

/** A descriptor's five calls (dataProvider/index.ts), as the medicine screens make them: lists end with a slash. */
export async function descriptorCalls(file: Blob) {
  await client.GET('/medicine/medicine-list/', {
    params: {
      query: { status: 'all', search: 'para', page: '1', limit: '50', sort: 'medicine_name', order: 'ASC', medicine_category: '3' },
    },
  });
  // getMany: one list call naming the ids.
  await client.GET('/medicine/medicine-list/', { params: { query: { ids: '1,2,3', status: 'all', limit: '3' } } });
  await client.GET('/medicine/get-medicine/{id}', { params: { path: { id: '7' } } });
  await client.POST('/medicine/medicine-create', {
    body: { medicine_name: 'Paracetamol', medicine_category: 3, medicine_purchase_price: 1.5, medicine_status: 1 },
  });
  await client.PUT('/medicine/medicine-update/{id}', {
    params: { path: { id: '7' }, header: ifMatch },
    body: { medicine_name: 'Paracetamol 500', medicine_sales_price: '2.25' },
  });
  await client.DELETE('/medicine/medicine-delete/{id}', { params: { path: { id: '7' }, header: ifMatch } });
  // A descriptor with pictures sends multipart: new files under the field's name.
  await client.POST('/doctors/doctors-create', {
    body: { doctors_name: 'Dr. Rahman', doctors_picture: file } as never,
    bodySerializer: () => new FormData(),
  });
}

/** The users screens: the generated routes, the same calls. */
export async function userCalls() {
  const user = { user_name: 'Nadia', username: 'nadia', user_group: 2, user_branch: 1, user_status: 1 as const, user_phone: '' };
  await client.POST('/users/user-create', { body: { ...user, password: 'long-password-1', c_password: 'long-password-1' } });
  await client.PUT('/users/user-update/{id}', { params: { path: { id: '5' }, header: ifMatch }, body: { ...user, password: '' } });
  await client.DELETE('/users/user-delete/{id}', { params: { path: { id: '5' }, header: ifMatch } });
}

/** The bulk call (dataProvider/bulk.ts). */
export async function bulkCall(action: BulkAction) {
  const answer = await client.POST('/medicine/medicine-bulk', { body: { action, ids: [1, 2] } });
  type Results = NonNullable<NonNullable<typeof answer.data>['data']>['results'];
  expectType<Assignable<Results, Pick<BulkAnswer['results'][number], 'id'>[] | undefined>>(true);
  return answer;
}

/** The notification resources (dataProvider/notifications.ts). */
export async function notificationCalls() {
  await client.GET('/notification/notification-list/', {
    params: { query: { page: '1', limit: '50', search: 'x', type: 'all', status: 'all' } },
  });
  await client.GET('/notification/get-notification/{id}', { params: { path: { id: '4' } } });
  const notice = {
    notification_date: '2026-01-01 09:00:00',
    title: 'Drill',
    description: '<p>At noon</p>',
    type: 'Group' as const,
    user: 0,
    group: 2,
    status: 1,
  };
  await client.POST('/notification/notification-create', { body: notice });
  await client.PUT('/notification/notification-update/{id}', { params: { path: { id: '4' }, header: ifMatch }, body: notice });
  await client.DELETE('/notification/notification-delete/{id}', { params: { path: { id: '4' }, header: ifMatch } });
  await client.GET('/notification/notification-list-user', { params: { query: { page: 1, limit: 50, read: '0' } } });
  await client.PUT('/notification/notification-read/{id}', { params: { path: { id: '4' } } });
  await client.PUT('/notification/notification-read-all');
}

/** Signing in and the session (authProvider/), and the server's clock. */
export async function sessionCalls() {
  const signIn = await client.POST('/users/user-login', { body: { username: 'admin', password: 'secret', remember: true } });
  await client.GET('/users/get-auth-user');
  await client.GET('/menu/menu-list-permission');
  await client.GET('/users/user-logout');
  const time = await client.GET('/server-time');
  return { signIn, time };
}

// The answers have the shapes the data provider reads.
expectType<Assignable<Answer<'/medicine/medicine-list/', 'get', 200>, Envelope<unknown[]>>>(true);
expectType<Assignable<Answer<'/medicine/get-medicine/{id}', 'get', 200>, Envelope<Record<string, unknown>>>>(true);
expectType<Assignable<Answer<'/medicine/medicine-create', 'post', 201>, Envelope<Record<string, unknown>>>>(true);
expectType<Assignable<Answer<'/server-time', 'get', 200>['data'], ServerTime>>(true);
// A refusal is the envelope too, with its field errors; a stale write (412) carries the record in data.
interface Refusal {
  status: 0;
  message: string;
  data?: Record<string, unknown> | null;
  errors?: Record<string, string>;
}
expectType<Assignable<Answer<'/medicine/medicine-update/{id}', 'put', 412>, Refusal>>(true);
expectType<Assignable<Answer<'/medicine/medicine-create', 'post', 422>['errors'], Record<string, string> | undefined>>(true);
// A public route says so: no token is needed, and it does not answer 401 for a missing one.
expectType<Assignable<Answer<'/server-time', 'get', 401>, never>>(true);
