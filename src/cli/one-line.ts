// The commands' messages are one line each, and quote what an installation
// said: its text may hold line breaks, terminal escapes or a megabyte. Each
// message is made one printable line of bounded length before it is written.

/** The most characters of one message. */
export const LINE_LIMIT = 1000;

/** `text` as one line: control characters (line breaks, escapes) as spaces, cut at LINE_LIMIT characters. */
export function oneLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();
  return flat.length > LINE_LIMIT ? `${flat.slice(0, LINE_LIMIT - 1)}…` : flat;
}
