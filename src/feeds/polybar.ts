/**
 * Polybar's `custom/script` with `tail = true`: one line per change, each run coloured with `%{F#rrggbb}` and
 * `%{B#rrggbb}`, text escaped (escape.ts: no `%{` of a title is ever a tag). A block that does something on a
 * click is wrapped in `%{A<button>:command:}…%{A}`, the command appending the click to the feed's inbox
 * (click-inbox.ts); the buttons the config binds (middle, right, the wheel) wrap the whole line. Polybar runs an
 * action's command with `sh -c`: it is only ever `echo @<token> <button> >> <inbox>`, made of characters that mean
 * nothing to Polybar or the shell (feed-clicks.ts, runtime-dir.ts).
 */
import type { Run } from '../render/bar-types.js';
import type { FeedBlock } from './blocks.js';
import { polybarText } from './escape.js';

function coloured(r: Run): string {
  return `%{F${r.fg ?? '-'}}%{B${r.bg ?? '-'}}${polybarText(r.text)}`;
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

/** One line: the blocks, `gap` spaces apart in Polybar's own colours. */
export function polybarLine(blocks: readonly FeedBlock[], gap: number, clicks?: PolybarClicks): string {
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
