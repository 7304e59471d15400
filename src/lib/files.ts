// Files sent inside a request as base64 text (ticket attachments, client files):
// billsim keeps a file's name and size, never its content.

// Standard base64 with its padding; MIME line breaks are allowed and skipped.
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const LINE_BREAKS = /[\r\n]+/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what the name may not hold
const FILE_NAME = /^[^/\\\u0000-\u001f]{1,255}$/;

/** Whether `name` can name a file: 1 to 255 characters without a slash, a backslash or a control character. */
export function isFileName(name: string): boolean {
  return FILE_NAME.test(name);
}

/** The size in bytes of base64 `content` once decoded, or undefined when it is not base64. */
export function base64Size(content: string): number | undefined {
  const data = content.replace(LINE_BREAKS, '');
  if (!BASE64.test(data)) return undefined;
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return (data.length / 4) * 3 - padding;
}
