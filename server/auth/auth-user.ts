/** The signed-in user of a request, as the auth plugin puts it on the request (`request.user`). */
export interface AuthUser {
  user_id: number;
  user_group: number;
  user_branch: number;
  token: string;
  /** Where the request came from, for the audit trail. */
  origin?: RequestOrigin;
  /** A read-only view-as session: the user who opened it (the session's user is the one viewed). */
  view_as_by?: number;
}

export interface RequestOrigin {
  ip: string;
  userAgent: string;
  requestId: string;
}
