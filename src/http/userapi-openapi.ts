// The customer's door in the two descriptions a user may look for: the
// OpenAPI 3.1 document billsim serves for everything (/openapi.json, /docs),
// and the Swagger 2.0 document an installation serves of its own User API at
// /?cmd=userapi&action=swagger (basePath /api, every input a query value, as
// the vendor's is), both made from schemas/userapi.
import { userApiRoutes, userApiSchemaId, type UserApiRouteSchema } from '../schemas.js';
import { COMPONENTS, componentName, firstSentence, isObject, type Schema } from './openapi-schemas.js';
import { SESSION_HEADER } from './endpoint.js';
import { USERAPI_PREFIX } from './userapi-routes.js';

export const DOOR_TAG = {
  name: "Customer's door (User API)",
  description:
    'HostBill\'s User API (`/api/...`) over the same world as admin/api.php: log in with POST /api/login (every bundled client and contact: password `billsim-client`), then send `Authorization: Bearer <token>`. Answers are the route\'s JSON; refusals `{"error": [...]}` (README, "The customer\'s door").',
};

/** The route's input schema's properties and which are required. */
function inputOf(
  route: UserApiRouteSchema,
  components: Record<string, Schema>,
): { properties: Record<string, Schema>; required: string[] } {
  const own = components[componentName(userApiSchemaId(route.name))];
  const input = isObject(own?.properties) && isObject(own.properties.input) ? own.properties.input : {};
  return {
    properties: isObject(input.properties) ? (input.properties as Record<string, Schema>) : {},
    required: Array.isArray(input.required) ? (input.required as string[]) : [],
  };
}

function pathParams(route: UserApiRouteSchema): string[] {
  return [...route.path.matchAll(/\{([^}]+)\}/g)].map((found) => found[1]);
}

function security(route: UserApiRouteSchema): Schema[] | undefined {
  if (route.auth === 'none') return [];
  if (route.auth === 'optional') return [{}, { customerToken: [] }];
  return route.auth === 'mfa' ? [{ customerToken: [] }] : [{ customerToken: [] }, { customerBasic: [] }];
}

/** The door's operations for the OpenAPI 3.1 document, by path. */
export function doorPaths(components: Record<string, Schema>): Record<string, Schema> {
  const paths: Record<string, Schema> = {};
  for (const route of userApiRoutes()) {
    const id = componentName(userApiSchemaId(route.name));
    const { properties, required } = inputOf(route, components);
    const inPath = pathParams(route);
    const parameters: Schema[] = inPath.map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: { $ref: `${COMPONENTS}${id}/properties/input/properties/${name}` },
    }));
    const rest = Object.keys(properties).filter((name) => !inPath.includes(name));
    const bodied = route.method === 'POST' || route.method === 'PUT';
    if (!bodied) {
      for (const name of rest) {
        parameters.push({
          name,
          in: 'query',
          required: required.includes(name),
          schema: { $ref: `${COMPONENTS}${id}/properties/input/properties/${name}` },
        });
      }
    }
    parameters.push({ $ref: '#/components/parameters/session' });
    const operation: Schema = {
      tags: [DOOR_TAG.name],
      operationId: `userapi_${route.name}`,
      summary: firstSentence(route.description),
      description: `${route.description}\n\nAnswer shape: ${route.source}.`,
      parameters,
      ...(bodied &&
        rest.length > 0 && {
          requestBody: { required: false, content: { 'application/json': { schema: { $ref: `${COMPONENTS}${id}/properties/input` } } } },
        }),
      responses: {
        200: {
          description: 'The answer, or `{"error": [...]}` for bad input',
          content: { 'application/json': { schema: { $ref: `${COMPONENTS}${id}/properties/answer` } } },
        },
        ...(route.auth !== 'none' && {
          401: {
            description: 'No token, or one that expired or was ended',
            content: { 'application/json': { schema: { $ref: `${COMPONENTS}userapi_defs/definitions/error` } } },
          },
        }),
      },
      security: security(route),
    };
    const key = `${USERAPI_PREFIX}${route.path}`;
    paths[key] = { ...(paths[key] ?? {}), [route.method.toLowerCase()]: operation };
  }
  return paths;
}

/** The security schemes the door's operations name. */
export const DOOR_SECURITY = {
  customerToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'An access token from POST /api/login (or POST /api/mfa/verify), or a personal access token from POST /api/tokens.',
  },
  customerBasic: { type: 'http', scheme: 'basic', description: "The client's e-mail and password." },
};

/** A Swagger 2.0 type for a query value: nested values go as bracket keys, so they are described, not typed. */
function swaggerType(schema: Schema | undefined): string {
  const type = schema?.type;
  if (type === 'integer' || type === 'number' || type === 'boolean' || type === 'array') return type;
  return 'string';
}

/** The User API's own description, as an installation serves it at /?cmd=userapi&action=swagger. */
export function swaggerDocument(version: string, components: Record<string, Schema>): object {
  const paths: Record<string, Schema> = {};
  for (const route of userApiRoutes()) {
    const { properties, required } = inputOf(route, components);
    const inPath = pathParams(route);
    const parameters = Object.entries(properties).map(([name, schema]) => ({
      name,
      in: inPath.includes(name) ? 'path' : 'query',
      required: inPath.includes(name) || required.includes(name),
      type: swaggerType(schema),
      ...(swaggerType(schema) === 'array' && { items: { type: 'string' } }),
      ...(typeof schema.description === 'string' && { description: schema.description }),
    }));
    paths[route.path] = {
      ...(paths[route.path] ?? {}),
      [route.method.toLowerCase()]: {
        tags: [route.group],
        summary: firstSentence(route.description),
        description: route.description,
        operationId: route.name,
        parameters,
        responses: {
          200: {
            description: `Answer shape: ${route.source}; its JSON Schema is in /openapi.json (userapi_${route.group}_${route.name}).`,
          },
        },
        ...(route.auth !== 'none' && { security: route.auth === 'optional' ? [{}, { bearer: [] }] : [{ bearer: [] }, { basic: [] }] }),
      },
    };
  }
  return {
    swagger: '2.0',
    info: { title: 'billsim User API', version, description: DOOR_TAG.description },
    basePath: USERAPI_PREFIX,
    consumes: ['application/json', 'application/x-www-form-urlencoded'],
    produces: ['application/json'],
    tags: [...new Set(userApiRoutes().map((route) => route.group))].map((name) => ({ name })),
    paths,
    securityDefinitions: {
      bearer: { type: 'apiKey', name: 'Authorization', in: 'header', description: 'Bearer <token>' },
      basic: { type: 'basic' },
    },
    'x-session-header': SESSION_HEADER,
  };
}
