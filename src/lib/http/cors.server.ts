import type { MiddlewareHandler } from 'hono';

/**
 * CORS for every origin, on the public endpoints (issue 36): their answers are public and carry no
 * credentials, so any web page may read them. A preflight is answered here; every other answer
 * (errors too) gets its headers on the final response, not before the handler: Hono would lay
 * headers set on a response before the handler's over the handler's own (its Cache-Control).
 */
export const corsForAnyOrigin: MiddlewareHandler = async (c, next) => {
  if (c.req.method === 'OPTIONS') {
    return c.body(null, 204, {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
      'Access-Control-Allow-Headers': c.req.header('access-control-request-headers') ?? '',
      'Access-Control-Max-Age': '86400',
    });
  }
  await next();
  c.res.headers.set('Access-Control-Allow-Origin', '*');
  c.res.headers.set('Access-Control-Expose-Headers', 'ETag');
  return undefined;
};
