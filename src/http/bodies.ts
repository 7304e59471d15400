import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { createRequire } from 'node:module';
import type { Busboy as BusboyFactory, BusboyHeaders, BusboyInstance } from '@fastify/busboy';
import { ApiError, messages } from '../errors.js';
import { isObject, PARAM_LIMITS, parseParams, parsePairs } from './params.js';
import { MAX_FILES } from './errors.js';

// The multipart reader is required with the first multipart body, not at start.
const requireLazily = createRequire(import.meta.url);
let busboyFactory: typeof BusboyFactory | undefined;
const busboy = () => (busboyFactory ??= (requireLazily('@fastify/busboy') as { Busboy: typeof BusboyFactory }).Busboy);

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
  app.addContentTypeParser('multipart/form-data', (request, payload, done) => {
    readMultipart(request.headers, payload, limit).then(
      (pairs) => done(null, parsePairs(pairs)),
      (error: Error) => done(error),
    );
  });
}

/**
 * Form fields as pairs, read with busboy as the body arrives. The whole form
 * counts against the body limit, as any other body does (busboy only limits
 * each part); a field busboy had to cut short (a value over the limit)
 * refuses the request rather than passing on part of it; files are drained,
 * never read as parameters; and a broken form (no boundary, cut off) is a
 * malformed body, not a server error. A part declared application/json is
 * its text, as PHP would see it.
 */
function readMultipart(headers: IncomingHttpHeaders, payload: Readable, limit: number): Promise<Array<[string, string]>> {
  return new Promise((resolve, reject) => {
    const tooLarge = () => new ApiError(messages.bodyTooLarge(limit));
    const malformed = (why: string) => new ApiError(messages.bodyMalformed(`invalid multipart form data (${why})`));
    if (Number(headers['content-length']) > limit) return reject(tooLarge());
    let form: BusboyInstance;
    try {
      form = busboy()({
        headers: headers as BusboyHeaders,
        limits: {
          fieldSize: limit,
          fileSize: limit,
          fields: PARAM_LIMITS.values,
          files: MAX_FILES,
          parts: PARAM_LIMITS.values + MAX_FILES,
        },
      });
    } catch (error) {
      return reject(malformed((error as Error).message));
    }
    const pairs: Array<[string, string]> = [];
    let size = 0;
    let settled = false;
    const fail = (error: ApiError) => {
      if (settled) return;
      settled = true;
      payload.unpipe(form);
      payload.resume(); // let the rest of the body drain
      reject(error);
    };
    const count = (bytes: number) => {
      size += bytes;
      if (size > limit) fail(tooLarge());
    };
    form.on('field', (name, value, nameTruncated, valueTruncated) => {
      if (nameTruncated || valueTruncated) return fail(tooLarge());
      count(Buffer.byteLength(name) + Buffer.byteLength(value));
      pairs.push([name, value]);
    });
    form.on('file', (name, stream) => {
      count(Buffer.byteLength(name));
      stream.on('data', (chunk: Buffer) => count(chunk.length));
      stream.on('limit', () => fail(tooLarge()));
      // A file part cut off by the end of the body errors on its own stream, not on the form.
      stream.on('error', (error: Error) => fail(malformed(error.message)));
    });
    form.on('fieldsLimit', () => fail(new ApiError(messages.paramsTooComplex())));
    form.on('partsLimit', () => fail(new ApiError(messages.paramsTooComplex())));
    form.on('filesLimit', () => fail(new ApiError(messages.bodyMalformed(`more files than the ${MAX_FILES} a form may carry`))));
    form.on('error', (error: unknown) => fail(malformed((error as Error).message)));
    form.on('finish', () => {
      if (settled) return;
      settled = true;
      resolve(pairs);
    });
    payload.on('error', (error: Error) => fail(malformed(error.message)));
    payload.pipe(form);
  });
}
