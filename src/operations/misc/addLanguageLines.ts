import { defineMutation } from '../operation.js';
import { addedLine, keepLine, readLines } from '../../domain/languageLines.js';
import type { AddLanguageLinesRequest, AddLanguageLinesResult } from '../../generated/wire.js';

export default defineMutation<AddLanguageLinesRequest, AddLanguageLinesResult & { info: string[] }>({
  mutates: true,
  run({ target, lines }, { world }) {
    const rows = readLines(lines);
    for (const [section, keyword, text] of rows) keepLine(world, target, section, keyword, text);
    return { info: rows.map(([section, keyword]) => addedLine(section, keyword)) };
  },
});
