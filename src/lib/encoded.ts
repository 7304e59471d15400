/**
 * An answer's JSON text with its UTF-8 bytes, made once when first needed.
 * The bytes are what goes on the wire, and the journal keeps the same
 * object's bytes (or its text, when the two are the same length) rather than
 * a copy: one encoding per answer, none at all for a kept answer sent again.
 * Node would otherwise encode a text answer twice, once to measure it and
 * once joined to the header block (bench/README.md, issue 45).
 */
export interface Encoded {
  readonly json: string;
  bytes?: Buffer;
}

/** The answer's bytes, made on first use and kept on it. */
export function bytesOf(answer: Encoded): Buffer {
  return (answer.bytes ??= Buffer.from(answer.json));
}
