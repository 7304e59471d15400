import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, messages } from '../errors.js';
import { isObject, parseParams, parsePairs } from './params.js';

/**
 * JSON bodies (an empty one counts as no parameters: real clients send
 * `Content-Type: application/json` on body-less GETs), multipart forms read
 * with the same bracket rules as a query string, and any other content type
 * ignored as PHP would.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  const json = app.getDefaultJsonParser('remove', 'remove');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const raw = String(body);
    if (raw.trim() === '') return done(null, {});
    json(request, raw, (error, value) => {
      if (error) return done(new ApiError(messages.bodyMalformed(`invalid JSON (${error.message})`)));
      if (!isObject(value)) return done(new ApiError(messages.bodyMalformed('a JSON body must be an object of parameters')));
      done(null, parseParams(value as Record<string, unknown> as never));
    });
  });
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (request.isMultipart()) request.body = await readMultipart(request);
  });
}

async function readMultipart(request: FastifyRequest): Promise<Record<string, unknown>> {
  const pairs: Array<[string, string]> = [];
  for await (const part of request.parts()) {
    if (part.type === 'field') pairs.push([part.fieldname, String(part.value)]);
    else await part.toBuffer(); // files are not parameters; drain them
  }
  return parsePairs(pairs);
}
