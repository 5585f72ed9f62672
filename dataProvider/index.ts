import {
  HttpError,
  type CreateParams,
  type DataProvider,
  type DeleteManyParams,
  type DeleteParams,
  type GetListParams,
  type GetManyParams,
  type GetManyReferenceParams,
  type GetOneParams,
  type Identifier,
  type RaRecord,
  type UpdateManyParams,
  type UpdateParams,
} from 'react-admin';
import { actionPath, asText, type Action, type Registry, type ResourceDescriptor } from '../resources';
import { fetchJson, type HttpClient } from './httpClient';
import { fromApi, toFormData, toJson, type ApiRecord } from './records';
import { withModuleResources } from './notifications';
import { withRealtime } from './realtime';
import { asConflict, ifMatch, rememberOwnVersion } from './versions';
import { bulkMethods, doneIds, statusAction } from './bulk';
import { markSentForReview, SENT_FOR_REVIEW_STATUS } from './review';

export { fetchJson, TOKEN_KEY, type HttpClient, type Envelope, type HttpResponse } from './httpClient';

/** GET {apiUrl}/server-time: the server's zone, in which date defaults are evaluated. */
export interface ServerTime {
  time_zone: string;
  today: string;
  now: string;
}

export interface DataProviderOptions {
  /** API base, `/api` by default (same origin). */
  apiUrl?: string;
  registry: Registry;
  httpClient?: HttpClient;
}

type Query = Record<string, unknown>;

function queryString(params: Query): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, Array.isArray(value) ? value.map(asText).join(',') : asText(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * react-admin DataProvider speaking the `{status, message, data, total}` contract, modelled on
 * ra-data-simple-rest: each resource's paths and body format come from its descriptor.
 */
export function createDataProvider({ apiUrl = '/api', registry, httpClient = fetchJson }: DataProviderOptions): DataProvider {
  const url = (d: ResourceDescriptor, action: Action, id?: Identifier) =>
    // Lists end with a slash as the contract spells them; id actions append the id.
    `${apiUrl}${actionPath(d, action)}${id === undefined ? (action === 'list' ? '/' : '') : `/${encodeURIComponent(String(id))}`}`;

  const body = (d: ResourceDescriptor, data: ApiRecord): BodyInit =>
    d.api.body === 'multipart' ? toFormData(d, data) : JSON.stringify(toJson(d, data));

  async function list(d: ResourceDescriptor, query: Query) {
    const { json } = await httpClient(url(d, 'list') + queryString(query));
    const rows = Array.isArray(json.data) ? (json.data as ApiRecord[]) : [];
    return { data: rows.map((r) => fromApi(d, r, registry)), total: json.total ?? rows.length };
  }

  async function getOne(d: ResourceDescriptor, id: Identifier) {
    if (d.singleton) {
      // A singleton has no get call: its list answers the one record.
      const { data } = await list(d, {});
      const found = data.find((r) => String(r.id) === String(id));
      if (!found) throw new HttpError(`${d.name} ${String(id)} not found`, 404);
      return found;
    }
    const { json } = await httpClient(url(d, 'get', id));
    return fromApi(d, json.data as ApiRecord, registry);
  }

  // Updates and deletes name the version they were read at; a 412 becomes a VersionConflict.
  const shape = (d: ResourceDescriptor) => (raw: ApiRecord) => fromApi(d, raw, registry);

  async function update(d: ResourceDescriptor, id: Identifier, data: ApiRecord, previous?: RaRecord) {
    const init = { method: 'PUT', body: body(d, data), headers: ifMatch(previous) };
    const { json, status } = await httpClient(url(d, 'update', id), init).catch((e: unknown) => asConflict(e, shape(d)));
    // Sent for review: nothing changed; the form is told the server's message with the record as it was.
    if (status === SENT_FOR_REVIEW_STATUS) return reviewed(previous ?? { ...data, id }, json);
    // Some answers may carry only a message; fall back to what was sent.
    const saved = json.data && typeof json.data === 'object' ? (json.data as ApiRecord) : { ...data, [d.idField]: id };
    rememberOwnVersion(saved);
    return fromApi(d, saved, registry);
  }

  async function remove(d: ResourceDescriptor, id: Identifier, previous?: RaRecord) {
    const { json, status } = await httpClient(url(d, 'delete', id), { method: 'DELETE', headers: ifMatch(previous) }).catch((e: unknown) =>
      asConflict(e, shape(d)),
    );
    if (status === SENT_FOR_REVIEW_STATUS) return reviewed(previous ?? { id }, json);
    return previous ?? { id };
  }

  // A copy, so the mark belongs to this answer only (react-admin keeps `previous` in its cache).
  const reviewed = (record: RaRecord, json: { message: string; data: unknown }) =>
    markSentForReview({ ...record }, { message: json.message, request: (json.data ?? {}) as ApiRecord });

  // The descriptor's own field names are used for sort; react-admin's default `id` maps to the idField.
  const sortField = (d: ResourceDescriptor, field: string | undefined) => (!field || field === 'id' ? d.idField : field);

  const tools = bulkMethods(apiUrl, httpClient, registry);

  // Methods return plain RaRecords; react-admin's generic signatures are satisfied by the cast below.
  const provider = {
    ...tools,
    getList: async (resource: string, { pagination, sort, filter = {} }: GetListParams) => {
      const d = registry.get(resource);
      const { q, status, ...rest } = filter as Query;
      // Spec 000: the user list needs a branch; without one no call is made (the screen says so).
      const needed = d.listNeedsFilter;
      if (needed && (rest[needed] === undefined || rest[needed] === null || rest[needed] === '')) return { data: [], total: 0 };
      return list(d, {
        ...rest,
        search: q,
        status: status ?? 'all',
        page: pagination?.page,
        limit: pagination?.perPage,
        sort: sort ? sortField(d, sort.field) : undefined,
        order: sort?.order,
      });
    },

    getOne: async (resource: string, { id }: GetOneParams<RaRecord>) => ({ data: await getOne(registry.get(resource), id) }),

    getMany: async (resource: string, params: GetManyParams) => {
      // A reference's `none` (0: a user with no branch) names no record, and the server refuses
      // an id below 1; asking for it would fail the whole call (a form's select asks for its value).
      const ids = params.ids.filter((id) => Number.isInteger(Number(id)) && Number(id) >= 1);
      if (ids.length === 0) return { data: [] };
      // The server answers `ids=1,2,3` as a list filter: one call instead of one per record.
      const { data } = await list(registry.get(resource), { ids, status: 'all', limit: ids.length });
      return { data: data };
    },

    getManyReference: async (resource: string, { target, id, pagination, sort, filter = {} }: GetManyReferenceParams) => {
      const d = registry.get(resource);
      const { q, status, ...rest } = filter as Query;
      return list(d, {
        ...rest,
        [target]: id,
        search: q,
        status: status ?? 'all',
        page: pagination.page,
        limit: pagination.perPage,
        sort: sortField(d, sort.field),
        order: sort.order,
      });
    },

    create: async (resource: string, { data }: CreateParams) => {
      const d = registry.get(resource);
      const { json, status } = await httpClient(url(d, 'create'), { method: 'POST', body: body(d, data as ApiRecord) });
      // Sent for review: no record yet (id 0 names none); the form shows the server's message.
      if (status === SENT_FOR_REVIEW_STATUS) return { data: reviewed({ ...(data as RaRecord), id: 0 }, json) };
      return { data: fromApi(d, json.data as ApiRecord, registry) };
    },

    update: async (resource: string, { id, data, previousData }: UpdateParams<RaRecord>) => ({
      data: await update(registry.get(resource), id, data, previousData),
    }),

    // A status change of many rows is one bulk call; the server checks and answers each row (meta.bulk).
    updateMany: async (resource: string, { ids, data }: UpdateManyParams<RaRecord>) => {
      const d = registry.get(resource);
      const action = statusAction(d, data);
      if (action) {
        const answer = await tools.bulk(resource, action, ids);
        return { data: doneIds(answer), meta: { bulk: answer } };
      }
      await Promise.all(ids.map((id) => update(d, id, data as ApiRecord)));
      return { data: ids };
    },

    delete: async (resource: string, { id, previousData }: DeleteParams<RaRecord>) => ({
      data: await remove(registry.get(resource), id, previousData),
    }),

    deleteMany: async (resource: string, { ids }: DeleteManyParams<RaRecord>) => {
      const answer = await tools.bulk(resource, 'delete', ids);
      return { data: doneIds(answer), meta: { bulk: answer } };
    },

    /** Not a resource call: the server's time zone and clock (see resources/rules.ts). */
    serverTime: async (): Promise<ServerTime> => (await httpClient(`${apiUrl}/server-time`)).json.data as ServerTime,
  } satisfies Record<keyof DataProvider, unknown>;
  // Module resources (notifications) and react-admin's subscribe/publish for real-time pushes.
  return withRealtime(withModuleResources(provider as DataProvider, apiUrl, httpClient));
}
