/**
 * Polybar's `custom/script` with `tail = true`: one line per change, each run coloured with `%{F#rrggbb}` and
 * `%{B#rrggbb}`, text escaped (escape.ts: no `%{` of a title is ever a tag, and nothing invisible is added). A
 * block that does something on a click is wrapped in `%{A<button>:command:}…%{A}`, the command appending the click to the feed's inbox
 * (click-inbox.ts); the buttons the config binds (middle, right, the wheel) wrap each section. Polybar runs an
 * action's command with `sh -c`: it is only ever `echo @<token> <button> >> <inbox>`, made of characters that mean
 * nothing to Polybar or the shell (feed-clicks.ts, runtime-dir.ts).
 *
 * Each section of the config goes where the pane puts it: its blocks follow Polybar's alignment tag for it (`%{l}`,
 * `%{c}`, `%{r}`), which one module's output may switch (Polybar 3.6 draws them so: polybar-real.test.ts). An action
 * tag belongs to the alignment it opened in (Polybar closes it only there), so no action spans two sections.
 */
import type { Run, SectionName } from '../render/bar-types.js';
import type { FeedBlock } from './blocks.js';
import { polybarText } from './escape.js';

function coloured(r: Run): string {
  const fg = `%{F${r.fg ?? '-'}}`;
  // The run's own foreground again is a tag of no effect: it breaks a `%{` of the text (escape.ts).
  return `${fg}%{B${r.bg ?? '-'}}${polybarText(r.text, fg)}`;
}

/** The tag around `inner` that runs `command` on `button`; `:` in a command would end it early, so is escaped. */
function action(button: number, command: string, inner: string): string {
  return `%{A${button}:${command.replaceAll(':', '\\:')}:}${inner}%{A}`;
}

export interface PolybarClicks {
  /** The command for a click of `button` on the block with this token. */
  command(token: string, button: number): string;
  token(block: FeedBlock): string;
  /** Buttons other than the left one that the config binds to something. */
  bound: readonly number[];
}

const ALIGNMENT_TAGS: Readonly<Record<SectionName, string>> = { left: '%{l}', center: '%{c}', right: '%{r}' };

/** One section's blocks, `gap` spaces apart in Polybar's own colours, each with its left click. */
function sectionBody(blocks: readonly FeedBlock[], gap: number, clicks: PolybarClicks | undefined): string {
  const space = gap > 0 ? `%{F-}%{B-}${' '.repeat(gap)}` : '';
  const body = blocks
    .map((b) => {
      const text = `${b.runs.map(coloured).join('')}%{F-}%{B-}`;
      return clicks && b.action ? action(1, clicks.command(clicks.token(b), 1), text) : text;
    })
    .join(space);
  if (!clicks) return body;
  // A binding of the whole bar: any block's token does (the feed acts on the button alone).
  const first = blocks[0];
  return first ? clicks.bound.reduce((inner, button) => action(button, clicks.command(clicks.token(first), button), inner), body) : body;
}

/** One line: each section that shows something after its alignment tag, left, centre, right. */
export function polybarLine(blocks: readonly FeedBlock[], gap: number, clicks?: PolybarClicks): string {
  return (Object.keys(ALIGNMENT_TAGS) as SectionName[])
    .map((section) => {
      const of = blocks.filter((b) => b.section === section);
      return of.length > 0 ? `${ALIGNMENT_TAGS[section]}${sectionBody(of, gap, clicks)}` : '';
    })
    .join('');
}

/**
 * What to paste into Polybar's config.ini to run `command`: the bar's module line first (it belongs in the user's
 * `[bar/…]` section), then the module. Polybar starts an alignment afresh each time the output switches to it, so
 * modules after tilebar's in `modules-left`, or in `modules-center`, would take the place of tilebar's centre and right.
 */
export function polybarConfig(command: string): string {
  return [
    '; In your [bar/...] section: tilebar puts the left, centre and right widgets where the pane does. Your other',
    '; modules go before tilebar in modules-left or in modules-right; leave modules-center empty (Polybar would draw',
    "; it over tilebar's centre and right).",
    'modules-left = tilebar',
    '',
    '[module/tilebar]',
    'type = custom/script',
    `exec = ${command}`,
    'tail = true',
    '',
  ].join('\n');
}
