// Translations added through the API (addLanguageLines): one text per
// language group, section and keyword. billsim renders no pages, so they are
// kept for the caller to read back, nothing more.
import type { LanguageLine } from '../generated/wire.js';
import type { World } from '../store/world.js';
import { fail, messages } from '../errors.js';

export type LanguageTarget = LanguageLine['target'];

const NAME = /^[A-Za-z0-9_.-]{1,64}$/;

/** The published info line for one keyword (its double space included). */
export const addedLine = (section: string, keyword: string) => `Added new  translation, Section: ${section}, Keyword: ${keyword}`;

/** Every [section, keyword, text] of `lines`, in the order sent; bad names and an empty list refused, every problem at once. */
export function readLines(lines: Record<string, Record<string, string>>): Array<[string, string, string]> {
  const rows = Object.entries(lines).flatMap(([section, keywords]) =>
    Object.entries(keywords).map(([keyword, text]): [string, string, string] => [section, keyword, text]),
  );
  const problems = [
    ...Object.keys(lines)
      .filter((section) => !NAME.test(section))
      .map((section) => messages.languageLineName('Section', section)),
    ...rows.filter(([, keyword]) => !NAME.test(keyword)).map(([, keyword]) => messages.languageLineName('Keyword', keyword)),
  ];
  if (rows.length === 0 && problems.length === 0) problems.push(messages.languageLinesEmpty());
  if (problems.length > 0) fail(problems);
  return rows;
}

/** Keeps one translation: a new row, or the held row of the same group, section and keyword with its new text. */
export function keepLine(world: World, target: LanguageTarget, section: string, keyword: string, text: string): LanguageLine {
  const held = world.where('language_lines', 'keyword', keyword).find((row) => row.target === target && row.section === section);
  if (held) return held.text === text ? held : world.replace('language_lines', { ...held, text });
  return world.insert('language_lines', { id: world.nextId('language_lines'), target, section, keyword, text });
}
