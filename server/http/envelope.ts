/** The contract's answer shape: `{status: 1|0, message, data}`, plus `total` on lists. */
export interface Envelope<T = unknown> {
  status: 0 | 1;
  message: string;
  data: T;
  total?: number;
  errors?: Record<string, string>;
}

export const success = <T>(message: string, data: T, total?: number): Envelope<T> =>
  total === undefined ? { status: 1, message, data } : { status: 1, message, data, total };

/** An error the handlers throw; the error handler turns it into an envelope with this HTTP code. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    /** What the refusal answers in `data` (the record as it is now, for a stale write); null when absent. */
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new ApiError(404, `${what} not found`);
