/**
 * A secret as billsim shows it where it must not be read whole (the start
 * banner, state dumps): its first 4 characters then "****", enough to tell
 * keys apart; a short secret shows none of itself.
 */
export function maskSecret(secret: string): string {
  return secret.length >= 8 ? `${secret.slice(0, 4)}****` : '****';
}

/** What stands where a secret was taken out of a text. */
export const MASK = '****';

const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * The ways a text may hold a secret once read (a JSON string decoded): as it
 * is, URL-encoded (upper or lower case hex), form-encoded (space as +), as
 * encodeURI leaves it, and HTML-escaped. Longest first, so a longer spelling
 * is replaced before one it holds.
 */
function spellings(secret: string): string[] {
  const url = encodeURIComponent(secret);
  const forms = new Set([
    secret,
    url,
    url.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
    new URLSearchParams([['', secret]]).toString().slice(1),
    encodeURI(secret),
    secret.replace(/[&<>"']/g, (c) => HTML[c]),
  ]);
  return [...forms].sort((a, b) => b.length - a.length);
}

/** Each spelling also as JSON writes it: JSON.stringify's escapes, PHP's json_encode ("/" as "\/", non-ASCII as \uXXXX). */
function escapedSpellings(secret: string): string[] {
  const forms = new Set<string>();
  for (const form of spellings(secret)) {
    const json = JSON.stringify(form).slice(1, -1);
    const ascii = json.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    for (const written of [form, json, ascii]) {
      forms.add(written);
      forms.add(written.replaceAll('/', '\\/'));
    }
  }
  return [...forms].sort((a, b) => b.length - a.length);
}

function replaceAll(text: string, forms: readonly string[]): string {
  let out = text;
  for (const form of forms) if (out.includes(form)) out = out.split(form).join(MASK);
  return out;
}

/** `text` (a message, a log line, a body that is not JSON) with every spelling of the secret replaced by MASK. */
export function maskSecretIn(text: string, secret: string): string {
  if (secret.length === 0) return text;
  return replaceAll(text, escapedSpellings(secret));
}

/**
 * A JSON text with the secret taken out of every string in it, keys included,
 * however the string escapes it (`\/`, `\u0041`, ...): each string is read as
 * JSON reads it, and one that holds the secret is written anew without it.
 * Everything else stays byte for byte. The text is scanned, not parsed into
 * objects, so no depth of nesting is too deep.
 */
export function maskSecretInJson(text: string, secret: string): string {
  if (secret.length === 0) return text;
  const written = escapedSpellings(secret);
  // Without \u or \/ escapes a string can hold the secret only in one of the spellings above.
  if (!text.includes('\\u') && !text.includes('\\/') && !written.some((form) => text.includes(form))) return text;
  const forms = spellings(secret);
  let out = '';
  let last = 0;
  let start = text.indexOf('"');
  while (start !== -1) {
    const end = closingQuote(text, start);
    // Not JSON after all: the spellings, as in any text.
    if (end === -1) return replaceAll(text, written);
    const token = text.slice(start, end + 1);
    const value = token.includes('\\') ? jsonString(token) : token.slice(1, -1);
    if (value === undefined) return replaceAll(text, written);
    if (forms.some((form) => value.includes(form))) {
      out += text.slice(last, start) + JSON.stringify(replaceAll(value, forms));
      last = end + 1;
    }
    start = text.indexOf('"', end + 1);
  }
  return last === 0 ? text : out + text.slice(last);
}

function jsonString(token: string): string | undefined {
  try {
    return JSON.parse(token) as string;
  } catch {
    return undefined;
  }
}

/** The index of the quote that closes the JSON string opened at `start`, or -1. */
function closingQuote(text: string, start: number): number {
  let at = start + 1;
  for (;;) {
    const quote = text.indexOf('"', at);
    if (quote === -1) return -1;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 92 /* \ */) backslashes++;
    if (backslashes % 2 === 0) return quote;
    at = quote + 1;
  }
}

/** A copy of request parameters (of bounded depth) with the secret taken out of every text and key. */
export function maskSecretInValue(value: unknown, secret: string): unknown {
  if (secret.length === 0) return value;
  const forms = spellings(secret);
  const mask = (item: unknown): unknown => {
    if (typeof item === 'string') return replaceAll(item, forms);
    if (Array.isArray(item)) return item.map(mask);
    if (typeof item !== 'object' || item === null) return item;
    return Object.fromEntries(Object.entries(item).map(([key, inner]) => [replaceAll(key, forms), mask(inner)]));
  };
  return mask(value);
}
