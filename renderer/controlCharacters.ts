/**
 * Control characters in records and feeds: NUL, backspace, ESC and the other C0 and C1 codes
 * (and DEL) have no business in a dealer's text and would land raw in every page (a NUL ends a
 * string in many tools, ESC drives terminals that print a log). Refused with the field and the
 * character; tab is allowed everywhere, a line break only in the fields that hold paragraphs.
 */
import { toPointer } from './parse.ts';
import type { Problem } from './validate.ts';

/** Fields whose text may hold line breaks (paragraphs, answers, disclaimers, addresses). */
const MULTI_LINE_FIELDS: ReadonlySet<string> = new Set([
  'answer',
  'body',
  'comments',
  'content',
  'description',
  'disclaimer',
  'intro',
  'opt_in_text',
  'short_description',
  'simple_body',
  'street',
  'text',
]);

/** C0 (U+0000-U+001F), DEL (U+007F) and C1 (U+0080-U+009F), but not tab. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000A-\u001F\u007F-\u009F]/g;
/** The same class without the global flag (no lastIndex): is there any at all? */
const CONTROL_ANY = new RegExp(CONTROL.source);

/** The Unicode names of the C0 controls people meet (shown beside the code point). */
const NAMES: Record<number, string> = { 0: 'NUL', 8: 'BACKSPACE', 10: 'LINE FEED', 13: 'CARRIAGE RETURN', 27: 'ESC', 127: 'DEL' };

/** The first control character of `text` not allowed in it, with its index; undefined when clean. */
export function firstControlCharacter({ text, multiLine }: { text: string; multiLine: boolean }): { index: number; code: number } | undefined {
  // Nearly every value is clean: one test, no scan (a feed has a hundred thousand values).
  if (!CONTROL_ANY.test(text)) return undefined;
  CONTROL.lastIndex = 0;
  for (let match = CONTROL.exec(text); match; match = CONTROL.exec(text)) {
    const index = match.index;
    // A line break (LF, or CR before LF) is part of a paragraph field's text.
    if (multiLine && (match[0] === '\n' || (match[0] === '\r' && text[index + 1] === '\n'))) continue;
    return { index, code: match[0].charCodeAt(0) };
  }
  return undefined;
}

/** `U+001B (ESC)`. */
export function describeCodePoint(code: number): string {
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return NAMES[code] ? `${hex} (${NAMES[code]})` : hex;
}

/** One problem per key or string value of `value` holding a control character it may not hold. */
export function controlCharacterProblems({ value }: { value: unknown }): Problem[] {
  const problems: Problem[] = [];
  const report = ({ path, found, target }: { path: (string | number)[]; found: { index: number; code: number }; target: 'key' | 'value' }): void =>
    void problems.push({
      pointer: toPointer(path),
      code: 'control-character',
      target,
      message: `${target === 'key' ? 'has a key holding' : 'contains'} the control character ${describeCodePoint(found.code)} at character ${found.index + 1}`,
      hint:
        found.code === 10 || found.code === 13
          ? 'Write this field on one line: only paragraph fields (description, body, text, ...) may hold line breaks.'
          : 'Remove it: control characters are invisible, and pages and logs must not carry them (a copy from a terminal or an old export can bring them in).',
    });
  // One path, pushed and popped: a feed has a hundred thousand values and copies would dominate.
  const path: (string | number)[] = [];
  const walk = (node: unknown, multiLine: boolean): void => {
    if (typeof node === 'string') {
      const found = firstControlCharacter({ text: node, multiLine });
      if (found) report({ path: [...path], found, target: 'value' });
    } else if (Array.isArray(node))
      node.forEach((item, i) => {
        path.push(i);
        walk(item, multiLine);
        path.pop();
      });
    else if (node !== null && typeof node === 'object')
      for (const key in node) {
        path.push(key);
        const found = firstControlCharacter({ text: key, multiLine: false });
        if (found) report({ path: [...path], found, target: 'key' });
        walk((node as Record<string, unknown>)[key], MULTI_LINE_FIELDS.has(key));
        path.pop();
      }
  };
  walk(value, false);
  return problems;
}
