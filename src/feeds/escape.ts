/**
 * Text from outside (window titles, song names, workspace names, mount points) as each host bar shows it:
 * cleaned of control characters as the pane cleans its cells (`displayText`: no newline can end a host's line
 * early), then escaped for the host's own markup, so that only the tags tilebar writes are tags:
 * - pango (i3bar and swaybar with `markup: pango`, Waybar): `&`, `<`, `>`, `'` and `"` as entities;
 * - tmux's status formats: `#` doubled (`#[style]`, `#(command)` and `#{format}` all start with `#`);
 * - Polybar's tags: `%{` starts a tag, and that is all Polybar reads in a `%` (3.6 and its master alike,
 *   src/tags/parser.cpp): it has no escape, `%%` is two `%`s. The pull request that would read `%%` as `%`
 *   (lemonbar's rule, polybar#2748) is open, not merged; under it a text ending in `%` would take the `%` of the
 *   tag tilebar writes next and show that tag as text. So a `%` followed by `{`, by `%` or by nothing (the end of
 *   the text, where tilebar's next `%{` comes) is followed by a zero-width space, which shows as nothing: no text
 *   holds `%{` or `%%` or ends in `%`, whichever way a Polybar reads them.
 */
import { displayText } from '../text/safe-text.js';

const PANGO_ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', "'": '&#39;', '"': '&quot;' };

export function pangoText(text: string): string {
  return displayText(text).replace(/[&<>'"]/g, (c) => PANGO_ENTITIES[c] ?? c);
}

export function tmuxText(text: string): string {
  return displayText(text).replaceAll('#', '##');
}

const ZERO_WIDTH_SPACE = '\u200b';

export function polybarText(text: string): string {
  return displayText(text).replace(/%(?=[{%]|$)/g, `%${ZERO_WIDTH_SPACE}`);
}

/** Plain text for a host that takes no markup (i3bar without pango): cleaned only. */
export function plainText(text: string): string {
  return displayText(text);
}
