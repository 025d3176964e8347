/**
 * Text from outside (readings, window titles, workspace names, config strings, file contents) on its way to
 * a terminal or a message. Two treatments, both total and linear:
 * - `displayText`: what a bar cell may show. Control characters (C0, DEL, C1 — ESC among them), bidi
 *   overrides and isolates, line and paragraph separators and lone surrogates are replaced, so nothing read
 *   can move the cursor, recolour or retitle the terminal, add a row, or reorder what follows; whitespace
 *   controls become a space, the rest U+FFFD. The length is capped before anything measures it.
 * - `quote`: how a message names a value: a JSON string literal with the same characters escaped, shortened
 *   in the middle of nowhere but its end, with the full length said, so a 5 MB value costs a line, not 5 MB.
 */

/** The characters neither treatment lets through. Lone surrogates are matched one code unit at a time. */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const UNSAFE_TEST = new RegExp(UNSAFE.source);
const WHITESPACE_CONTROL = /[\t\n\v\f\r\u0085\u2028\u2029]/;

/** The longest text a bar cell run is made from; far wider than any bar, far smaller than what a peer can send. */
export const MAX_DISPLAY_TEXT = 1024;

export function hasUnsafeCharacters(text: string): boolean {
  return UNSAFE_TEST.test(text);
}

/**
 * `text` safe to lay out and write to a terminal: at most `max` UTF-16 units, no control characters. With
 * `keepTabs` (a source excerpt, whose caret line copies its tabs) a tab stays a tab.
 */
export function displayText(text: string, max = MAX_DISPLAY_TEXT, keepTabs = false): string {
  let s = text.length > max ? text.slice(0, max) : text;
  // A cut in the middle of a surrogate pair leaves half a character: drop it rather than show U+FFFD.
  if (s.length === max && /[\ud800-\udbff]$/.test(s)) s = s.slice(0, -1);
  if (!UNSAFE_TEST.test(s)) return s;
  return s.replace(UNSAFE, (ch) => (keepTabs && ch === '\t' ? ch : WHITESPACE_CONTROL.test(ch) ? ' ' : '\ufffd'));
}

const escapeUnit = (ch: string) => `\\u${(ch.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`;

/**
 * A value as a message shows it: `"Gruvbox"`, or `"xxxxxxxx…" (5242880 characters)` when it is longer than
 * `max`. Everything JSON escapes is escaped, and so are C1, bidi and separator characters, which JSON lets by.
 */
export function quote(value: string, max = 48): string {
  const long = value.length > max;
  let head = long ? value.slice(0, max) : value;
  if (long && /[\ud800-\udbff]$/.test(head)) head = head.slice(0, -1);
  const literal = JSON.stringify(head).replace(UNSAFE, escapeUnit);
  return long ? `${literal.slice(0, -1)}…" (${value.length} characters)` : literal;
}
