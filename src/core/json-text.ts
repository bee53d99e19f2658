/**
 * Scans of JSON text for what `JSON.parse` does not report: how deep it nests, and a member an object names
 * twice (JSON.parse keeps the last value without a word). Character scans, no recursion: a hostile text cannot
 * run them out of stack.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The index of the quote that closes the string opening at `start` (a backslash escapes the next character). */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length && text.charCodeAt(i) !== QUOTE) i += text.charCodeAt(i) === BACKSLASH ? 2 : 1;
  return i;
}

/** Whether the JSON text nests arrays/objects deeper than `max`. */
export function nestsDeeper(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) i = stringEnd(text, i);
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** An open object (the names it has had, the one whose value is being read) or array (the element's index). */
type Frame = { names: Set<string>; name: string } | { index: number };

/**
 * The path (`attributes.name`, `relationships.x.data.0.id`) of the first member an object of `text` names twice,
 * or `undefined` when none does. Names are compared as JSON decodes them (`"a"` and `"\u0061"` are one name).
 * `text` must be valid JSON (parse it first).
 */
export function repeatedMember(text: string): string | undefined {
  const open: Frame[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x7b) open.push({ names: new Set(), name: '' });
    else if (c === 0x5b) open.push({ index: 0 });
    else if (c === 0x7d || c === 0x5d) open.pop();
    else if (c === 0x2c) {
      const top = open.at(-1);
      if (top !== undefined && 'index' in top) top.index++;
    } else if (c === QUOTE) {
      const end = stringEnd(text, i);
      const top = open.at(-1);
      // In an object, a string after `{` or `,` is a member's name (a value follows a `:`).
      if (top !== undefined && 'names' in top && isNamePosition(text, i)) {
        const name = JSON.parse(text.slice(i, end + 1)) as string;
        if (top.names.has(name))
          return [...open.slice(0, -1).map((frame) => ('index' in frame ? frame.index : frame.name)), name].join('.');
        top.names.add(name);
        top.name = name;
      }
      i = end;
    }
  }
  return undefined;
}

/** Whether the string starting at `at` follows `{` or `,` (skipping white space): a member's name. */
function isNamePosition(text: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && isJsonSpace(text.charCodeAt(i))) i--;
  const before = text.charCodeAt(i);
  return before === 0x7b || before === 0x2c;
}

function isJsonSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}
