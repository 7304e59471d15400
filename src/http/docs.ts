import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi, { type FastifySwaggerUiConfigOptions } from '@fastify/swagger-ui';

export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PREFIX = '/docs';

// Swagger UI appends the query string after the path, so for a path key like
// `/admin/api.php#getClients` it would build `/admin/api.php#getClients?call=...`
// and the browser would drop the query together with the fragment. This runs
// in the browser before each "try it out" request and cuts the fragment out.
// Built with `new Function` so its source is plain JavaScript whatever
// compiles this file (the UI plugin inlines it with Function#toString).
export const stripFragment = new Function(
  'request',
  "request.url = request.url.replace(/#[^?]*/, ''); return request;",
) as NonNullable<FastifySwaggerUiConfigOptions['requestInterceptor']>;

/** `GET /openapi.json` and the Swagger UI at `/docs`, all served from the installed packages. */
export async function registerDocs(app: FastifyInstance, document: object): Promise<void> {
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    theme: { title: 'billsim API' },
    uiConfig: {
      deepLinking: true,
      docExpansion: 'list',
      filter: true,
      displayOperationId: true,
      persistAuthorization: true,
      requestInterceptor: stripFragment,
    },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => reply.type('application/json').send(document));
}
