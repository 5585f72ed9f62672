import { describe, expect, it } from 'vitest';
import { checksVersion, operationIdOf, refusalsOf } from '../../../server/http/operations';

describe('what the API document derives from a route', () => {
  it('names an operation after its method and path, saying a repeated word once', () => {
    expect(operationIdOf('PUT', '/medicine/medicine-update/{id}')).toBe('putMedicineUpdateById');
    expect(operationIdOf('get', '/api/audit/history/:resource/:id')).toBe('getApiAuditHistoryByResourceAndId');
    expect(operationIdOf('GET', '/blogs/blog-videos-list/')).toBe('getBlogsBlogVideosList');
    expect(operationIdOf('POST', '/reset-password-verify')).toBe('postResetPasswordVerify');
    expect(operationIdOf('GET', '/server-time')).not.toBe(operationIdOf('POST', '/server-time'));
  });

  it('lists the refusals a route can give from its rule, path, method and schemas', () => {
    const slugs = { kind: 'slugs', slugs: ['x/x-update'] } as const;
    expect(refusalsOf({ method: 'GET', path: '/server-time', access: { kind: 'public' } })).toEqual([]);
    expect(refusalsOf({ method: 'GET', path: '/users/get-auth-user', access: { kind: 'signedIn' } })).toEqual([401]);
    expect(refusalsOf({ method: 'GET', path: '/x/get-x/:id', access: slugs })).toEqual([400, 401, 403, 404]);
    expect(refusalsOf({ method: 'PUT', path: '/x/x-update/:id', access: slugs })).toEqual([400, 401, 403, 404, 409, 412, 413, 422]);
    expect(refusalsOf({ method: 'DELETE', path: '/x/x-delete/:id', access: slugs })).toEqual([400, 401, 403, 404, 409, 412]);
    expect(refusalsOf({ method: 'POST', path: '/login', access: { kind: 'public' }, schema: { body: {} }, rateLimited: true })).toEqual([
      400, 413, 422, 429,
    ]);
    // A code the route's own response schemas declare is kept; a success is not a refusal.
    expect(refusalsOf({ method: 'GET', path: '/me', access: { kind: 'signedIn' }, schema: { response: { 200: {}, 409: {} } } })).toEqual([
      401, 409,
    ]);
  });

  it('knows which saves check the version they were read at', () => {
    const slugs = { kind: 'slugs', slugs: ['x'] } as const;
    expect(checksVersion({ method: 'PUT', path: '/x/x-update/{id}', access: slugs })).toBe(true);
    expect(checksVersion({ method: 'PUT', path: '/notification/notification-read/{id}', access: { kind: 'signedIn' } })).toBe(false);
    expect(checksVersion({ method: 'POST', path: '/x/x-create', access: slugs })).toBe(false);
    const declared = { headers: { type: 'object', properties: { 'If-Match': { type: 'string' } } } };
    expect(checksVersion({ method: 'POST', path: '/permission/permission-create', access: slugs, schema: declared })).toBe(true);
  });
});
