import { fetchJson } from '../../../dataProvider/httpClient';
import { API_URL } from '../../config';
import { changeRequest } from '../../../resources/change-request';
import { recordActionPath } from '../../../resources';

/** The React Query key prefix of every change-request query: record pushes of the resource refresh them all. */
export const CHANGE_REQUEST = changeRequest.name;

/** A change request as the API answers it (docs/approvals.md). */
export interface ChangeRequest {
  change_request_id: number;
  change_request_resource: string;
  change_request_record: number;
  change_request_action: 'create' | 'update' | 'delete';
  /** JSON text: the fields asked for. */
  change_request_body: string;
  change_request_base_version: string;
  change_request_author: number;
  change_request_author_name: string;
  change_request_state: 'pending' | 'approved' | 'rejected' | 'stale';
  change_request_mode: 'review' | 'four-eyes';
  /** JSON text: the decisions so far. */
  change_request_approvals: string;
  change_request_needed: number;
  change_request_why: string;
  change_request_decided_at: string;
  /** The record as it is now (only from the get route): null for a create or a deleted record. */
  live?: Record<string, unknown> | null;
}

export interface Decision {
  user_id: number;
  user_name: string;
  // 'approve' or 'reject' (text: a later server may add decisions).
  decision: string;
  comment?: string;
  at: string;
}

export type DecideAction = 'approve' | 'reject' | 'rebase';

function parsed(text: unknown, fallback: unknown): unknown {
  if (typeof text !== 'string') return text ?? fallback;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fallback;
  }
}

/** The fields the request asks for (its JSON body), an empty object when unreadable. */
export function bodyOf(request: ChangeRequest): Record<string, unknown> {
  const body = parsed(request.change_request_body, {});
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** The decisions so far, oldest first. */
export function decisionsOf(request: ChangeRequest): Decision[] {
  const list = parsed(request.change_request_approvals, []);
  return Array.isArray(list) ? (list as Decision[]) : [];
}

/** One request with the live record (the diff's other side). */
export async function getRequest(id: string | number): Promise<ChangeRequest> {
  const { json } = await fetchJson(`${API_URL}/change-request/get-change-request/${encodeURIComponent(String(id))}`);
  return json.data as ChangeRequest;
}

/** Approve, reject or rebase: the server's message and the request as it is after. */
export async function decide(id: number, action: DecideAction, comment: string): Promise<{ message: string; request: ChangeRequest }> {
  const path = recordActionPath(changeRequest, action);
  const body = action === 'rebase' ? {} : { comment };
  const { json } = await fetchJson(`${API_URL}${path}/${id}`, { method: 'POST', body: JSON.stringify(body) });
  return { message: json.message, request: json.data as ChangeRequest };
}
