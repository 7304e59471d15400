import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { FastifySwaggerUiConfigOptions } from '@fastify/swagger-ui';

export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PREFIX = '/docs';

// Swagger UI appends the query string after the path, so for a path key like
// `/admin/api.php#getClients` it would build `/admin/api.php#getClients?call=...`
// and the browser would drop the query together with the fragment. This runs
// in the browser before each "try it out" request and cuts the fragment out.
// Built with `new Function` so its source is plain JavaScript whatever
// compiles this file (the UI plugin inlines it with Function#toString).
export const stripFragment = new Function('request', "request.url = request.url.replace(/#[^?]*/, ''); return request;") as NonNullable<
  FastifySwaggerUiConfigOptions['requestInterceptor']
>;

// Hop-by-hop and length headers belong to the inner answer, not to ours.
const NOT_FORWARDED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date']);

/** A Fastify instance holding only Swagger UI under /docs, for the given document. */
async function buildDocsApp(document: object): Promise<FastifyInstance> {
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([import('@fastify/swagger'), import('@fastify/swagger-ui')]);
  const docs = Fastify({ logger: false });
  await docs.register(swagger, { mode: 'static', specification: { document: document as never } });
  await docs.register(swaggerUi, {
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
  await docs.ready();
  return docs;
}

/**
 * `GET /openapi.json` and the Swagger UI at `/docs`, all served from the installed packages.
 * Both are built on their first request: the document and the UI's plugins cost
 * about 60 ms that no API call needs, so start-up does not pay for them.
 */
export function registerDocs(app: FastifyInstance, document: () => object): void {
  let built: object | undefined;
  const spec = () => (built ??= document());
  let docs: Promise<FastifyInstance> | undefined;
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    docs ??= buildDocsApp(spec()).catch((error: unknown) => {
      docs = undefined; // the next request tries again
      throw error;
    });
    const inner = await docs;
    const answer = await inner.inject({ method: request.method as 'GET', url: request.url, headers: request.headers });
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !NOT_FORWARDED.has(name)) reply.header(name, value);
    }
    return reply.status(answer.statusCode).send(answer.rawPayload);
  };
  app.get(DOCS_PREFIX, forward);
  app.get(`${DOCS_PREFIX}/*`, forward);
  app.get(OPENAPI_PATH, async (_request, reply) => reply.type('application/json').send(spec()));
  app.addHook('onClose', async () => {
    if (docs) await (await docs.catch(() => undefined))?.close();
  });
}
