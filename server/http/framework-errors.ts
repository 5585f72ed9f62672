import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorAnswerHeaders } from '../plugins/api-headers';

/**
 * The answers Fastify and Node write before any route or hook runs: an address the router
 * refuses (a path parameter over `maxParamLength`, a malformed escape) and a request Node's
 * parser refuses (headers too large, a timeout, bytes that are not HTTP). Left to them, these
 * answer with their own bodies and none of the API's headers; here they get the envelope and
 * the headers every other error answer has.
 */
const envelope = (message: string) => JSON.stringify({ status: 0, message, data: null });

const ROUTER_MESSAGES: Record<string, string> = {
  FST_ERR_MAX_PARAM_LENGTH: 'A value in the address is too long',
  FST_ERR_BAD_URL: 'The address is not valid: a %-escape in it is malformed',
};

/** Fastify's `frameworkErrors` option: the router's refusals, answered as every other error. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 400;
  const message = ROUTER_MESSAGES[error.code] ?? (status >= 500 ? 'Something went wrong!' : 'Bad request');
  void reply.code(status).headers(errorAnswerHeaders()).type('application/json; charset=utf-8').send(envelope(message));
}

const PARSER_REFUSALS: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request headers are too large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive' },
};

/**
 * Fastify's `clientErrorHandler` option (Node's 'clientError' event): no request object exists
 * yet, so the answer is written on the socket, then the connection is closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  const { status, message } = PARSER_REFUSALS[error.code ?? ''] ?? { status: 400, message: 'The request is not valid HTTP' };
  const body = envelope(message);
  const headers = {
    ...errorAnswerHeaders(),
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  const head = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
}
