import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
// The English of the site's catalogue (the server runs without the site's bundler: JSON is imported as such).
import en from '../../i18n/messages/en.json' with { type: 'json' };
import { API_TAGS, PUBLIC_OPERATIONS } from './operations.ts';

/** Where the document is served, under the API's base. */
export const OPENAPI_PATH = '/api/openapi.json';

/** The document as zod-to-openapi types it. */
export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

let made: OpenApiDocument | undefined;

/**
 * The OpenAPI 3.1 document of the public API (issue 36 item 4), made once from PUBLIC_OPERATIONS:
 * parameters and answers are the zod schemas the routes validate with and answer by. Its server is
 * relative (`/api`), so it holds on every instance and behind any host name.
 */
export function publicApiDocument(): OpenApiDocument {
  if (made) return made;
  const registry = new OpenAPIRegistry();
  for (const { route, tag, summary } of PUBLIC_OPERATIONS)
    registry.registerPath({ ...route, summary: en[summary], tags: [tag] });
  made = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Asia-Pacific Urban Agenda portal: public API',
      version: '1.0.0',
      description:
        'The published figures and content of the portal, without signing in. Every answer may be read from any ' +
        'origin (CORS) and carries an ETag: send it back in If-None-Match to get a 304 while nothing changed. ' +
        'Send Accept-Language (en, zh, fr or ru) for messages in that language. Errors have one shape: ' +
        '`status`, `message`, and `errors` naming each field that is not valid.',
    },
    servers: [{ url: '/api' }],
    tags: API_TAGS.map(({ name }) => ({ name })),
    externalDocs: { description: 'The reference with examples', url: '/developers' },
  });
  return made;
}
