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
  const limit = app.initialConfig.bodyLimit ?? 1024 * 1024;
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (request.isMultipart()) request.body = await readMultipart(request, limit);
  });
}

/**
 * Form fields as pairs. The whole form counts against the body limit, as any
 * other body does (busboy only limits each part); a field busboy had to cut
 * short (a value or name over the limit) refuses the request rather than
 * passing on part of it; and a broken form (no boundary, cut off) is a
 * malformed body, not a server error.
 */
async function readMultipart(request: FastifyRequest, limit: number): Promise<Record<string, unknown>> {
  const tooLarge = () => new ApiError(messages.bodyTooLarge(limit));
  if (Number(request.headers['content-length']) > limit) throw tooLarge();
  const pairs: Array<[string, string]> = [];
  let size = 0;
  try {
    for await (const part of request.parts()) {
      size += Buffer.byteLength(part.fieldname);
      if (part.type !== 'field') {
        size += (await part.toBuffer()).length; // files are not parameters; drain them
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) throw tooLarge();
        // A part declared application/json arrives parsed; PHP would see its text.
        const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        size += Buffer.byteLength(value);
        pairs.push([part.fieldname, value]);
      }
      if (size > limit) throw tooLarge();
    }
  } catch (error) {
    // Limits and refused field names carry a status the error handler maps to a message.
    if (error instanceof ApiError || typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw new ApiError(messages.bodyMalformed(`invalid multipart form data (${(error as Error).message})`));
  }
  return parsePairs(pairs);
}
