// A PDF read back as its reader sees it, with Mozilla's pdf.js: the text of
// each page line by line (the pieces on one baseline joined left to right) and
// the document's info dictionary.
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// pdf.js draws the standard 14 fonts from these files; pointing at them keeps it from warning.
const FONTS = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

export interface PdfRead {
  /** Each page's lines, top to bottom. */
  pages: string[][];
  info: Record<string, unknown>;
}

export async function readPdf(bytes: Uint8Array): Promise<PdfRead> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: FONTS }).promise;
  const pages: string[][] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    const lines = new Map<number, Array<{ x: number; text: string }>>();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const y = Math.round(item.transform[5]);
      lines.set(y, [...(lines.get(y) ?? []), { x: item.transform[4], text: item.str }]);
    }
    const top = [...lines.entries()].sort(([a], [b]) => b - a);
    pages.push(
      top.map(([, pieces]) =>
        pieces
          .sort((a, b) => a.x - b.x)
          .map((p) => p.text)
          .join(' '),
      ),
    );
  }
  const { info } = await pdf.getMetadata();
  await pdf.destroy();
  return { pages, info: info as Record<string, unknown> };
}

/** A base64 PDF of an answer, read back. */
export const readBase64Pdf = (base64: string): Promise<PdfRead> => readPdf(Buffer.from(base64, 'base64'));
