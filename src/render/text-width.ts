/**
 * How many terminal cells a string takes. Labels are mostly ASCII: those are their length, at once. Other
 * text goes by code point: combining marks, zero-width characters and variation selectors take none; East
 * Asian wide and fullwidth characters and emoji shown as emoji take two; the rest (box drawing, braille,
 * Nerd Font private-use glyphs, accented letters) take one — the same answers as `string-width` for what
 * a bar shows, without loading its emoji tables at start-up (70 ms, see bench/).
 */
import { eastAsianWidth } from 'get-east-asian-width';
import { BoundedCache } from '../io/bounded-cache.js';

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}\u200b-\u200f\ufe00-\ufe0f]$/u;
const EMOJI = /^\p{Emoji_Presentation}$/u;
const PICTOGRAPHIC = /^\p{Extended_Pictographic}$/u;
/**
 * Saves walking a non-ASCII label code point by code point (Unicode property regexes per character) on every
 * frame: a bar redraws the same labels each second. Bounded by size too, as titles from a feed can be long.
 */
const cache = new BoundedCache<string, number>({ maxEntries: 5000, maxSize: 1024 * 1024 });

export function textWidth(text: string): number {
  if (PRINTABLE_ASCII.test(text)) return text.length;
  const hit = cache.get(text);
  if (hit !== undefined) return hit;
  let width = 0;
  let narrowPictograph = false;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    // VS16 asks for emoji presentation: a text-style pictograph before it becomes two cells.
    if (cp === 0xfe0f && narrowPictograph) width += 1;
    narrowPictograph = false;
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) continue;
    if (cp < 0x300) width += 1;
    else if (ZERO_WIDTH.test(ch)) continue;
    else if (EMOJI.test(ch)) width += 2;
    else {
      const w = eastAsianWidth(cp);
      narrowPictograph = w === 1 && PICTOGRAPHIC.test(ch);
      width += w;
    }
  }
  cache.set(text, width);
  return width;
}
