import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { FastifySwaggerUiConfigOptions } from '@fastify/swagger-ui';
import { SECTIONS } from '../sections.js';
import { docsPageDocument } from './docs-document.js';

export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PREFIX = '/docs';

// Runs in the browser before each "try it out" request, for two things the
// OpenAPI document cannot say:
// - Swagger UI appends the query string after the path, so for a path key like
//   `/admin/api.php#getClients` it builds `/admin/api.php#getClients?call=...`
//   and the browser would drop the query with the fragment: the fragment goes.
// - Nested PHP bracket keys (`products[0][name]=x`) have no OpenAPI style, so
//   the document gives such parameters as JSON (src/http/openapi.ts): a query
//   or form value that is a JSON object or list is sent as bracket keys.
// - Swagger UI sends every empty optional form field (its "Send empty value"
//   box starts ticked), and an empty value is a wrong value for most
//   parameters: empty form fields are left out, as empty query fields are.
// Built with `new Function` so its source is plain JavaScript whatever
// compiles this file (the UI plugin inlines it with Function#toString).
const PREPARE_REQUEST = String.raw`
  function expand(key, value, out) {
    if (value !== null && typeof value === 'object') {
      for (const k of Object.keys(value)) expand(key + '[' + k + ']', value[k], out);
    } else {
      out.push([key, value === null ? '' : String(value)]);
    }
  }
  function brackets(text, dropEmpty) {
    const pairs = [];
    let changed = false;
    for (const [key, value] of new URLSearchParams(text)) {
      if (dropEmpty && value === '') {
        changed = true;
        continue;
      }
      let parsed;
      if (/^\s*[[{]/.test(value)) {
        try { parsed = JSON.parse(value); } catch (error) { parsed = undefined; }
      }
      if (parsed !== null && typeof parsed === 'object') {
        expand(key, parsed, pairs);
        changed = true;
      } else {
        pairs.push([key, value]);
      }
    }
    return changed ? new URLSearchParams(pairs).toString() : text;
  }
  let url = request.url.replace(/#[^?]*/, '');
  const at = url.indexOf('?');
  if (at >= 0) url = url.slice(0, at + 1) + brackets(url.slice(at + 1), false);
  request.url = url;
  const type = Object.keys(request.headers || {}).find((name) => name.toLowerCase() === 'content-type');
  if (typeof request.body === 'string' && type && /x-www-form-urlencoded/.test(request.headers[type])) {
    request.body = brackets(request.body, true);
  }
  return request;
`;
export const prepareRequest = new Function('request', PREPARE_REQUEST) as NonNullable<FastifySwaggerUiConfigOptions['requestInterceptor']>;

/** A Swagger UI plugin from its source: the UI plugin sends functions as their source text. */
const uiPlugin = (name: string, body: string) => new Function(`return function ${name}() {${body}}`)() as () => object;

// Opens the first section as the page loads. The others start closed (a
// click opens one): rendering all 145 calls at once was most of the page's
// first seconds (docs-document.ts says what else). The section's name is
// written into the source.
// While the filter box holds text, the sections it leaves start open, as
// they did when every section was.
export const openFirstSection = uiPlugin(
  'openFirstSection',
  `return {
    afterLoad(system) {
      system.layoutActions.show(['operations-tag', ${JSON.stringify(SECTIONS[0].title)}], true);
    },
    statePlugins: {
      layout: {
        wrapSelectors: {
          isShown: (original, system) => (state, key, fallback) => {
            const filter = system.layoutSelectors.currentFilter();
            const filtered = Array.isArray(key) && key[0] === 'operations-tag' && typeof filter === 'string' && filter !== '';
            return original(key, filtered ? true : fallback);
          },
        },
      },
    },
  };`,
);

// Swagger UI reads every document with a YAML parser, JSON too: 0.8 MB of
// JSON took it a few hundred milliseconds that JSON.parse does in a few.
// Anything JSON.parse refuses still goes to the YAML parser, errors and all.
export const parseJsonFirst = uiPlugin(
  'parseJsonFirst',
  `return {
    statePlugins: {
      spec: {
        wrapActions: {
          parseToJson: (original, system) => (text) => {
            let json;
            try {
              json = JSON.parse(text || system.specSelectors.specStr());
            } catch (error) {
              return original(text);
            }
            system.errActions.clear({ source: 'parser' });
            return system.specActions.updateJsonSpec(json !== null && typeof json === 'object' ? json : {});
          },
        },
      },
    },
  };`,
);

// Hop-by-hop and length headers belong to the inner answer, not to ours.
const NOT_FORWARDED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date']);

/**
 * A Fastify instance holding only Swagger UI's page and files under /docs.
 * Its document routes (`/docs/json`, `/docs/yaml`) are never reached: registerDocs
 * answers them, so the page's HTML and scripts need not wait for the document.
 */
async function buildDocsApp(): Promise<FastifyInstance> {
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([import('@fastify/swagger'), import('@fastify/swagger-ui')]);
  const docs = Fastify({ logger: false });
  const placeholder = { openapi: '3.0.3', info: { title: 'billsim', version: '' }, paths: {} };
  await docs.register(swagger, { mode: 'static', specification: { document: placeholder as never } });
  await docs.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    theme: { title: 'billsim API' },
    uiConfig: {
      // Without the top bar: its box would explore other documents, not this server's.
      layout: 'BaseLayout',
      deepLinking: true,
      docExpansion: 'none',
      plugins: [openFirstSection, parseJsonFirst],
      filter: true,
      displayOperationId: true,
      persistAuthorization: true,
      // The fields are filled in already (credentials, a recorded example): Execute is the first click.
      tryItOutEnabled: true,
      requestInterceptor: prepareRequest,
    },
  });
  await docs.ready();
  return docs;
}

/**
 * `GET /openapi.json` and the Swagger UI at `/docs`, all served from the installed packages.
 * Both are built on their first request: the document and the UI's plugins cost
 * a share of start-up (bench/README.md) that no API call needs, so start-up does not pay for them.
 * The documents are serialized once: the page's (docs-document.ts) is what
 * the browser waits for after Swagger UI's scripts, and the full one is 1.7 MB.
 */
export function registerDocs(app: FastifyInstance, document: () => object): void {
  let built: object | undefined;
  const spec = () => (built ??= document());
  let full: string | undefined;
  let page: string | undefined;
  let docs: Promise<FastifyInstance> | undefined;
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    docs ??= buildDocsApp().catch((error: unknown) => {
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
  app.get(`${DOCS_PREFIX}/json`, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send((page ??= JSON.stringify(docsPageDocument(spec())))),
  );
  app.get(`${DOCS_PREFIX}/yaml`, async (_request, reply) =>
    reply
      .status(404)
      .send({ error: `The docs page's document is ${DOCS_PREFIX}/json (JSON only); the full OpenAPI 3.1 document is ${OPENAPI_PATH}.` }),
  );
  app.get(OPENAPI_PATH, async (_request, reply) => reply.type('application/json; charset=utf-8').send((full ??= JSON.stringify(spec()))));
  app.addHook('onClose', async () => {
    if (docs) await (await docs.catch(() => undefined))?.close();
  });
}
