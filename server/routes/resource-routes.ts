import type { FastifyRequest } from 'fastify';
import type { Row } from '../db/database';
import type { ListQuery } from '../crud/list-query';
import type { Actor } from '../crud/service';

type Schema = Record<string, unknown>;

/** A list page as the service reads it. */
export interface ListPage {
  rows: Row[];
  total: number;
}

/**
 * What a resource's generated routes do besides generic CRUD, declared by its module
 * (server/modules/routes-of.ts) and handed to the one route factory (./crud.ts): every resource is
 * served by the same routes with the same contract (ETag on every read by id and update, 422 with
 * the rules' messages for a refused body, 412 for a stale version), whatever its module adds.
 */
export interface ResourceRoutes {
  /**
   * The list's own parameters read into the generic query (the users' `branch` and `group`),
   * before the service applies the actor's scope: `parse` is the generic parser, for the rest.
   * Refuses by throwing an ApiError.
   */
  listQuery?: (raw: Record<string, string>, actor: Actor, parse: (raw: Record<string, string>) => ListQuery) => ListQuery;
  /**
   * The list read and answered by the module (the notices' page of spec 000: newest first, in
   * `data.data`), with the answer's schema. The actor's scope is the service's (`crud.list`'s).
   */
  list?: {
    schema: Schema;
    /** The list's own query parameters, for the document (the generic ones are kept). */
    params?: Record<string, Schema>;
    read: (request: FastifyRequest, actor: Actor) => Promise<{ data: unknown; total: number }>;
  };
  /** A record as the module's answers show it (a notice: its `notification_*` fields); the ETag is the stored version's. */
  shape?: (record: Row) => Row;
  /**
   * A record as the module answers it when that needs a read of its own (a menu: its groups and
   * sub-menus): read by id, create and update answers. The ETag stays the stored version's.
   */
  answer?: (record: Row, request: FastifyRequest) => Promise<Row>;
  /** A delete answers the record as it was (the notices), not only its id. */
  deleteAnswersRecord?: boolean;
  /**
   * Actions on one record beside create, read, update and delete (a change request's approve,
   * reject, rebase): each served by the factory at `POST /{prefix}/{entity}-{name}/{id}` under
   * the permission slug of that path (resources/paths.ts `recordActionPath`), with the contract's
   * envelope and id parsing. The module declares the menu entries of their slugs.
   */
  actions?: readonly RecordAction[];
}

/** One declared action on a record (ResourceRoutes.actions). */
export interface RecordAction {
  name: string;
  summary: string;
  /** The JSON body's schema (an object); absent: none. */
  body?: Schema;
  /** The answer's `data` schema. */
  answer: Schema;
  /** Runs the action for the signed-in actor; refuses by throwing an ApiError. */
  run(request: FastifyRequest, id: number, actor: Actor): Promise<{ message: string; data: unknown }>;
}
