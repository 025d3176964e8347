/**
 * Text from outside (window titles, song names, workspace names, mount points) as each host bar shows it:
 * cleaned of control characters as the pane cleans its cells (`displayText`: no newline can end a host's line
 * early), then escaped for the host's own markup, so that only the tags tilebar writes are tags:
 * - pango (i3bar and swaybar with `markup: pango`, Waybar): `&`, `<`, `>`, `'` and `"` as entities;
 * - tmux's status formats: `#` doubled (`#[style]`, `#(command)` and `#{format}` all start with `#`);
 * - Polybar's tags: `%{` starts a tag, and that is all Polybar reads in a `%` (3.6 and its master alike,
 *   src/tags/parser.cpp, `parse_step`): every other `%` is text, `%%` two of them, a `%` before tilebar's next
 *   `%{` one. It has no escape, so a `%{` of a text is broken by a tag that changes nothing between its `%` and
 *   its `{` (the caller's: Polybar reads `%` as text, the tag, then `{` as text). Nothing invisible goes in: a
 *   zero-width space after a `%` (which this did, for the lemonbar rule `%%` = `%` that polybar#2748 proposes and
 *   its maintainers hold back, since it would break every `format = Text%`) has no glyph in most fonts, and
 *   Polybar 3.6.3 logs `Dropping unmatched character (U+200b)` for each at every line (issue 43).
 */
import { displayText } from '../text/safe-text.js';

const PANGO_ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', "'": '&#39;', '"': '&quot;' };

export function pangoText(text: string): string {
  return displayText(text).replace(/[&<>'"]/g, (c) => PANGO_ENTITIES[c] ?? c);
}

export function tmuxText(text: string): string {
  return displayText(text).replaceAll('#', '##');
}

/**
 * Text for Polybar: each `%{` of it has `noOpTag` between its `%` and its `{`. `noOpTag` is a whole tag that
 * changes nothing where the text is (polybar.ts gives the run's own colour tag again).
 */
export function polybarText(text: string, noOpTag: string): string {
  return displayText(text).replaceAll('%{', `%${noOpTag}{`);
}

/** Plain text for a host that takes no markup (i3bar without pango): cleaned only. */
export function plainText(text: string): string {
  return displayText(text);
}
