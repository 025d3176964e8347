/**
 * tmux's status line: a long-running `#(tilebar feed tmux)` job whose latest output line tmux shows (at most
 * once a second). Each line is the bar in tmux's format — `#[fg=#rrggbb,bg=#rrggbb]` before each run, text with
 * `#` doubled (escape.ts), blocks apart by the config's spacing. Where the bar shows no block it shows the pane's bar
 * background (the theme's, `backgrounds.bar`; `terminal`, the terminal's own, when the bar is transparent), never
 * tmux's `status-style` (green by default): a gap written as `#[default]` would take the user's style and cut the
 * bar into pieces. Two places for it:
 * - `line` (the default): a whole status line of its own (`status-format[1]`), the config's left, center and right
 *   lists aligned as on the pane (`#[align=left|centre|right]`), the whole width painted as the pane's bar
 *   (`#[fill=…]`, tmux 3.2 and later): before, between and after the lists too;
 * - `right` or `left`: the blocks one after another, for `status-right` / `status-left`, in a line that is the
 *   user's. The blocks and the gaps between them are one bar, in the theme; after the last block `#[default]`
 *   gives the rest of the status line back its own style (no fill: it would paint the user's whole line).
 *
 * Clicks: tmux 3.3 passes no range to a key binding, only the mouse's column and the client's width, so the
 * binding appends `@<line> <column> <width> <button>` to the feed's inbox and the block under the column is found
 * from the line last written, laid out as tmux lays it out (`tmuxSpans`). The same works on every later tmux.
 * The inbox is in tilebar's private runtime directory, one per tmux server and place (`tmux-<server pid>.clicks`,
 * `tmux-<server pid>-right.clicks`: the binding names it with `#{pid}`, the feed from `$TMUX`), never beside
 * tmux's socket, whose directory may be shared with other users (`tmux -S /shared/dir/sock`). tmux runs the job
 * once per client attached, so several feeds share an inbox: one claims it and reads (inbox-claim.ts), the others
 * only draw, and each click acts once.
 */
import type { Hex } from '../colour/rgb.js';
import type { Run, SectionName } from '../render/bar-types.js';
import { textWidth } from '../render/text-width.js';
import type { FeedBlock } from './blocks.js';
import { CLICK_MARK } from './click-inbox.js';
import { ownDirTest } from './feed-clicks.js';
import { tmuxText } from './escape.js';
import type { HostClick } from './line-feed.js';

export const TMUX_PLACES = ['line', 'right', 'left'] as const;
export type TmuxPlace = (typeof TMUX_PLACES)[number];

const ALIGN: Readonly<Record<SectionName, string>> = { left: 'left', center: 'centre', right: 'right' };
const SECTIONS: readonly SectionName[] = ['left', 'center', 'right'];

/**
 * A colour in tmux's words: a run's own, or else what the pane shows where the bar gives none — `terminal` is the
 * terminal's own colour, as on a pane; `default` would be the user's status-style.
 */
const colour = (hex: Hex | undefined) => hex ?? 'terminal';

function styled(r: Run, barBg: Hex | undefined): string {
  const style = [`fg=${colour(r.fg)}`, `bg=${colour(r.bg ?? barBg)}`, r.bold ? 'bold' : 'nobold'].join(',');
  return `#[${style}]${tmuxText(r.text)}`;
}

function joined(blocks: readonly FeedBlock[], gap: number, barBg: Hex | undefined): string {
  const space = gap > 0 ? `#[bg=${colour(barBg)}]${' '.repeat(gap)}` : '';
  return blocks.map((b) => b.runs.map((r) => styled(r, barBg)).join('')).join(space);
}

/**
 * One status line: the blocks, `gap` spaces apart, on the pane's bar background `barBg` (undefined: the bar is
 * transparent, the terminal's own shows). The header says what of the line each place paints.
 */
export function tmuxStatus(blocks: readonly FeedBlock[], gap: number, place: TmuxPlace, barBg: Hex | undefined): string {
  if (place !== 'line') return `${joined(blocks, gap, barBg)}#[default]`;
  return `#[fill=${colour(barBg)}]${SECTIONS.map((s) => `#[align=${ALIGN[s]}]${joined(blocks.filter((b) => b.section === s), gap, barBg)}`).join('')}`;
}

export interface TmuxSpan {
  block: FeedBlock;
  /** First column (0-based, tmux's `mouse_x`) and the column after the last. */
  from: number;
  to: number;
}

const blockWidth = (b: FeedBlock) => b.runs.reduce((w, r) => w + textWidth(tmuxDisplayed(r.text)), 0);
/** What tmux shows of a run's text: the escaped `##` is one `#`. */
const tmuxDisplayed = (text: string) => tmuxText(text).replaceAll('##', '#');

function spansFrom(blocks: readonly FeedBlock[], gap: number, start: number): TmuxSpan[] {
  const spans: TmuxSpan[] = [];
  let x = start;
  for (const block of blocks) {
    const w = blockWidth(block);
    spans.push({ block, from: x, to: x + w });
    x += w + gap;
  }
  return spans;
}

const widthOf = (blocks: readonly FeedBlock[], gap: number) => blocks.reduce((w, b) => w + blockWidth(b), 0) + Math.max(0, blocks.length - 1) * gap;

/** Where tmux draws each block on a line `width` columns wide (centre: tmux's `width / 2 - centre / 2`). */
export function tmuxSpans(blocks: readonly FeedBlock[], gap: number, place: TmuxPlace, width: number): TmuxSpan[] {
  if (place === 'left') return spansFrom(blocks, gap, 0);
  if (place === 'right') return spansFrom(blocks, gap, width - widthOf(blocks, gap));
  const of = (s: SectionName) => blocks.filter((b) => b.section === s);
  const center = of('center');
  const right = of('right');
  return [
    ...spansFrom(of('left'), gap, 0),
    ...spansFrom(center, gap, Math.floor(width / 2) - Math.floor(widthOf(center, gap) / 2)),
    ...spansFrom(right, gap, width - widthOf(right, gap)),
  ];
}

/** A click the binding appended: `<line> <column> <width> <button>`, all small whole numbers. */
export function resolveTmuxClick(line: string, blocks: readonly FeedBlock[], gap: number, place: TmuxPlace): HostClick | undefined {
  const m = /^\s*(\d{1,3})\s+(\d{1,5})\s+(\d{1,5})\s+([1-9])\s*$/.exec(line);
  if (!m) return undefined;
  const [x, width, button] = [Number(m[2]), Number(m[3]), Number(m[4])];
  const span = tmuxSpans(blocks, gap, place, width).find((s) => x >= s.from && x < s.to);
  return { block: span?.block, button };
}

/**
 * The inbox of a place of the tmux server with this pid, in the runtime directory: a plain name (the pid is digits
 * or `#{pid}`). One per place, as each place's feed lays its clicks out on its own line (status-left and
 * status-right may even show two configs); `line`, the default, keeps the name of the days before places had one.
 */
export const tmuxInboxName = (serverPid: string, place: TmuxPlace) => (place === 'line' ? `tmux-${serverPid}.clicks` : `tmux-${serverPid}-${place}.clicks`);

/**
 * The tmux.conf lines for a place, with the command that starts the feed and the runtime directory its inbox is in
 * (without one, no click bindings).
 */
export function tmuxConfLines(place: TmuxPlace, command: string, runtimeDir: string | undefined): string[] {
  const job = `'#(${command.replaceAll("'", "'\\''")})'`;
  const key = place === 'line' ? 'StatusDefault' : place === 'right' ? 'StatusRight' : 'StatusLeft';
  const where = place === 'line' ? ['set -g status 2', `set -g status-format[1] ${job}`] : [`set -g status-${place} ${job}`, `set -g status-${place}-length 200`];
  if (runtimeDir === undefined) return where;
  const inbox = `${runtimeDir}/${tmuxInboxName('#{pid}', place)}`;
  const guard = place === 'line' ? "if -F '#{==:#{mouse_y},1}' " : '';
  const bind = (mouse: string, button: number) => `bind -n ${mouse}${key} ${guard}"run-shell -b \\"${ownDirTest(runtimeDir)} && echo ${CLICK_MARK}#{mouse_y} #{mouse_x} #{client_width} ${button} >> ${inbox}\\""`;
  return ['set -g mouse on', ...where, bind('MouseDown1', 1), bind('MouseDown2', 2), bind('MouseDown3', 3), bind('WheelUp', 4), bind('WheelDown', 5)];
}
