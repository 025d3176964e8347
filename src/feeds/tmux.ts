/**
 * tmux's status line: a long-running `#(tilebar feed tmux)` job whose latest output line tmux shows (at most
 * once a second). Each line is the bar in tmux's format — `#[fg=#rrggbb,bg=#rrggbb]` before each run, text with
 * `#` doubled (escape.ts), blocks apart by the config's spacing — ending in `#[default]` so the rest of the status
 * line keeps its own style.
 */
import type { Run } from '../render/bar-types.js';
import type { FeedBlock } from './blocks.js';
import { tmuxText } from './escape.js';

function styled(r: Run): string {
  const style = [`fg=${r.fg ?? 'default'}`, `bg=${r.bg ?? 'default'}`, r.bold ? 'bold' : 'nobold'].join(',');
  return `#[${style}]${tmuxText(r.text)}`;
}

/** One status line: the blocks, `gap` spaces apart (in the status line's own style). */
export function tmuxStatus(blocks: readonly FeedBlock[], gap: number): string {
  const space = gap > 0 ? `#[default]${' '.repeat(gap)}` : '';
  return `${blocks.map((b) => b.runs.map(styled).join('')).join(space)}#[default]`;
}
