/**
 * The tmux and Polybar lines and their clicks, pure: where tmux draws each block (as tmux 3.3 lays out a
 * status-format line: measured on a real tmux in tmux-real.test.ts), which block a click's column names, and
 * Polybar's action tags: only ours, each running nothing but an append to the feed's inbox.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FeedBlock } from '../../src/feeds/blocks.js';
import { appendClickCommand, clickToken, parseClickLine } from '../../src/feeds/feed-clicks.js';
import { i3barBlocks, i3barLine, i3barStatusBytes, type I3barBlock, type I3barLook } from '../../src/feeds/i3bar.js';
import { polybarLine } from '../../src/feeds/polybar.js';
import { resolveTmuxClick, tmuxConfLines, tmuxSpans, tmuxStatus } from '../../src/feeds/tmux.js';
import { thinLoop } from '../../src/feeds/hosts.js';
import { childEnv } from '../support/child-env.js';
import { tilebarArgs } from '../support/tilebar-command.js';

const block = (section: FeedBlock['section'], instance: string, text: string, action = true): FeedBlock => ({
  section,
  name: 'Applications',
  widget: `${section}[0]`,
  instance,
  unit: instance,
  runs: [{ text, fg: '#ffffff', bg: '#000000' }],
  state: 'normal',
  ...(action ? { action: { kind: 'launch', id: instance, command: 'true' } } : {}),
});

/** Each unit framed apart (grouping Widget), units painted on black: the i3bar look of a usual bar. */
const FRAMED: I3barLook = { spacingPx: 8, box: 'unit', gapCells: 1, fill: '#000000' };

const blocks = [block('left', 'l', 'Left'), block('center', 'c', 'Mid'), block('right', 'r1', 'One'), block('right', 'r2', 'Two#')];

describe('i3bar', () => {
  it("gives a long text a short_text, the pane's shortened form; pango only for a block of several styles, escaped", () => {
    const [, long, , , short] = i3barBlocks([block('left', 'l', 'A window title <b>that</b> goes on'), { ...block('left', 's', 'Short'), widget: 'left[1]' }], FRAMED);
    // One style: plain text (i3bar parses no markup in it), its colours in the block's own fields.
    expect(long).toMatchObject({ markup: 'none', full_text: 'A window title <b>that</b> goes on', short_text: 'A windo…', color: '#ffffff', background: '#000000' });
    expect(short?.short_text).toBeUndefined();
    const styled: FeedBlock = { ...block('left', 'm', 'x'), runs: [{ text: 'CPU ', fg: '#aaaaaa' }, { text: '<b>95%', fg: '#ffffff', bold: true }] };
    const [, pango] = i3barBlocks([styled], FRAMED);
    expect(pango).toMatchObject({ markup: 'pango', full_text: '<span foreground="#aaaaaa">CPU </span><span foreground="#ffffff" weight="bold">&lt;b&gt;95%</span>' });
  });
});

describe('tmux', () => {
  it('aligns the three lists on a line of their own and escapes #', () => {
    const line = tmuxStatus(blocks, 1, 'line', '#202020');
    expect(line).toContain('#[align=left]');
    expect(line).toContain('#[align=centre]');
    expect(line).toContain('#[align=right]');
    expect(line).toContain('Two##');
  });

  it("paints where no block is in the pane's bar background, never the user's status-style", () => {
    // A run without colours of its own, as a transparent bar's: the terminal's own colours, as on the pane.
    const bare: FeedBlock = { ...block('right', 'b', 'Bare'), runs: [{ text: 'Bare' }] };
    const line = tmuxStatus([...blocks, bare], 1, 'line', '#202020');
    // The whole line filled, the gaps in the bar's background; `default` (the status-style) nowhere.
    expect(line.startsWith('#[fill=#202020]')).toBe(true);
    expect(line).toContain('One#[bg=#202020] #[fg=#ffffff');
    expect(line).toContain('#[fg=terminal,bg=#202020,nobold]Bare');
    expect(line).not.toContain('default');
    // A transparent bar: the terminal's own background, as the pane leaves it.
    expect(tmuxStatus(blocks, 1, 'line', undefined)).toMatch(/^#\[fill=terminal\].*One#\[bg=terminal\] /);
    // status-right: the blocks and their gaps are one bar, then the rest of the line is the user's (no fill).
    const right = tmuxStatus(blocks, 1, 'right', '#202020');
    expect(right).not.toContain('fill=');
    expect(right).toContain('Left#[bg=#202020] #[fg=#ffffff');
    expect(right.endsWith('#[default]')).toBe(true);
  });

  it("finds the block under a click's column: left at 0, centre at width/2 - centre/2, right at the end", () => {
    // 80 columns: "Left" 0–3, "Mid" at 40 - 1 = 39, "One Two#" ends at 79.
    const spans = tmuxSpans(blocks, 1, 'line', 80).map((s) => [s.block.instance, s.from, s.to]);
    expect(spans).toEqual([
      ['l', 0, 4],
      ['c', 39, 42],
      ['r1', 72, 75],
      ['r2', 76, 80],
    ]);
    expect(resolveTmuxClick('1 73 80 1', blocks, 1, 'line')?.block?.instance).toBe('r1');
    expect(resolveTmuxClick('1 75 80 1', blocks, 1, 'line')?.block).toBeUndefined();
    expect(resolveTmuxClick('1 79 80 3', blocks, 1, 'line')).toMatchObject({ button: 3, block: { instance: 'r2' } });
    // status-right: the blocks end at the line's end; status-left: they start at 0.
    expect(resolveTmuxClick('0 77 80 1', blocks, 1, 'right')?.block?.instance).toBe('r2');
    expect(resolveTmuxClick('0 0 80 1', blocks, 1, 'left')?.block?.instance).toBe('l');
  });

  it('gives the same tmux.conf lines in the README and in `feed --help` as the real-tmux test runs', () => {
    const help = execFileSync(process.execPath, tilebarArgs('feed', '--help'), { encoding: 'utf8' });
    const readme = readFileSync('README.md', 'utf8');
    // As printed for a user whose runtime directory is /run/user/1000 (the README's and the help's example).
    for (const line of tmuxConfLines('line', thinLoop('tilebar feed tmux --place line'), '/run/user/1000/tilebar')) {
      expect(help).toContain(`  ${line}\n`);
      expect(readme).toContain(`${line}\n`);
    }
  });

  it('prints the README\'s lines (a status line of its own) for `feed tmux --print-config` without --place', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tb-print-'));
    try {
      writeFileSync(join(dir, 'bar.json'), '{ "right_widgets": [] }');
      const env = childEnv({ HOME: dir, XDG_RUNTIME_DIR: dir, XDG_CACHE_HOME: dir, TZ: 'UTC' });
      const printed = execFileSync(process.execPath, tilebarArgs('feed', 'tmux', '--print-config', '--config', 'bar.json'), { encoding: 'utf8', cwd: dir, env });
      // A thin feed: the loop's `--pipe` attaches, `cat` reads the core's pipe; a feed of its own where it cannot.
      const command = `tilebar feed tmux --place line --config ${join(dir, 'bar.json')}`;
      expect(printed).toContain(`set -g status-format[1] '#(while :; do if f=\`${command} --pipe\`; then cat "$f"; else ${command} || sleep 9; fi; kill -0 $PPID 2>/dev/null || exit; sleep 1; done)'`);
      expect(printed).not.toContain('status-right');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes only well-formed click lines', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (line) => {
        const click = resolveTmuxClick(line, blocks, 1, 'line');
        if (click) expect(line).toMatch(/^\s*\d+\s+\d+\s+\d+\s+[1-9]\s*$/);
      }),
    );
  });
});

/** Titles made to look like Polybar's tags, and the characters they are made of. */
const hostile = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('%{A1:rm -rf ~:}x%{A}', '%%{F#ff0000}', '%{T2}', '100%{B-}', '%'),
  fc.string({ unit: fc.constantFrom('%', '{', '}', ':', 'A', '1', 'F', '#', '\\'), maxLength: 20 }),
);

describe('Polybar', () => {
  const dir = '/run/user/1000/tilebar';
  const inbox = `${dir}/polybar-1.clicks`;
  const clicks = { token: (b: FeedBlock) => clickToken(b.instance), command: (t: string, b: number) => appendClickCommand(dir, inbox, t, b), bound: [3] };
  const guard = `[ -O ${dir} ] && [ ! -L ${dir} ] && `;

  it('colours each run and wraps a clickable block in an action that appends its token to the inbox', () => {
    const line = polybarLine([block('left', 'right[0] applications', 'Go'), block('right', 'x', 'Plain', false)], 1, clicks);
    const token = clickToken('right[0] applications');
    expect(line).toContain(`%{A1:${guard}echo @${token} 1 >> ${inbox}:}%{F#ffffff}%{B#000000}Go%{F-}%{B-}%{A}`);
    expect(line.startsWith(`%{l}%{A3:${guard}echo @`)).toBe(true);
    expect(line).toMatch(/ 3 >> \/run\/user\/1000\/tilebar\/polybar-1\.clicks:\}.*%\{A\}$/);
    expect(line).toContain('Plain');
  });

  it("puts each section after its alignment tag, in the pane's order, each wrapped in the bound buttons' actions of its own", () => {
    const [left, mid, one] = blocks as [FeedBlock, FeedBlock, FeedBlock];
    const line = polybarLine([one, left, mid], 1, clicks);
    const sections = line.split(/(?=%\{[lcr]\})/);
    expect(sections.map((s) => s.slice(0, 4))).toEqual(['%{l}', '%{c}', '%{r}']);
    expect(sections.map((s) => s.replace(/%\{[^}]*\}/g, '').replace(/\s+/g, ' ').trim())).toEqual(['Left', 'Mid', 'One']);
    // Polybar closes an action only in the alignment it opened in: each section opens and closes its own.
    for (const s of sections) expect(s.match(/%\{A[1-5]:/g)?.length).toBe(s.match(/%\{A\}/g)?.length);
    expect(polybarLine([mid], 1, clicks).startsWith('%{c}%{A3:')).toBe(true);
    expect(polybarLine([], 1)).toBe('');
  });

  it("never lets a title make a tag: every %{ in the line is one of ours", () => {
    fc.assert(
      fc.property(fc.array(hostile, { minLength: 1, maxLength: 4 }), (texts) => {
        const line = polybarLine(texts.map((t, i) => block('left', `b${i}`, t === '' ? 'x' : t)), 1, clicks);
        for (const m of line.matchAll(/%\{([^}]*)\}?/g)) expect(m[1] ?? '').toMatch(/^(l|c|r|A[1-5]:\[ -O [/\w.-]+ \] && \[ ! -L [/\w.-]+ \] && echo @[A-Za-z0-9_-]+ [1-5] >> [/\w.-]+:|A|F#[0-9a-f]{6}|B#[0-9a-f]{6}|F-|B-)$/);
      }),
    );
  });

  it('gives each instance a token of shell- and tag-safe characters that finds it again', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), (instance) => {
        const token = clickToken(instance);
        expect(token).toMatch(/^[A-Za-z0-9_-]*$/);
        if (token !== '') expect(parseClickLine(`${token} 1`)).toEqual({ token, button: 1 });
      }),
    );
    expect(parseClickLine('abc 1; rm -rf ~')).toBeUndefined();
    expect(parseClickLine('abc 0')).toBeUndefined();
  });
});

describe('i3bar status line', () => {
  // The Tiler's workspaces (one unit, a block a workspace), its layout (another unit), a CPU on the right.
  const ws = (n: number): FeedBlock => ({ ...block('left', `left[0] tiler:workspaces${n === 1 ? '' : `#${n - 1}`}`, n === 3 ? '3' : `${n} `), widget: 'left[0]', unit: 'left[0] tiler:workspaces' });
  const layout: FeedBlock = { ...block('left', 'left[0] tiler:layout', '▥ Columns'), widget: 'left[0]' };
  const cpu: FeedBlock = { ...block('right', 'right[0] cpu', '33%'), widget: 'right[0]' };
  const line = [ws(1), ws(2), ws(3), layout, cpu];
  const texts = (bs: readonly I3barBlock[]) => bs.map((b) => b.full_text);

  it("keeps a unit's blocks together and frames each unit apart, as the pane does with grouping Widget, a space inside each frame", () => {
    const shown = i3barBlocks(line, { ...FRAMED, spacingPx: 10, border: '#123456' });
    expect(texts(shown)).toEqual([' ', '1 ', '2 ', '3', ' ', ' ', '▥ Columns', ' ', ' ', '33%', ' ']);
    // Each frame's end is the pane's spacing from the next frame; nothing else is apart.
    expect(shown.map((x) => x.separator_block_width)).toEqual([0, 0, 0, 0, 10, 0, 0, 10, 0, 0, 10]);
    // One border round each frame: its left side on its first block, its right on its last, none between.
    expect(shown.map((x) => `${x.border_left === 0 ? '' : '['}${x.border_right === 0 ? '' : ']'}`)).toEqual(['[', '', '', '', ']', '[', '', ']', '[', '', ']']);
    expect(shown.every((x) => x.border === '#123456')).toBe(true);
    // The padding is the frame's, in the bar's background under the units: a click there finds no block.
    expect(shown[0]).toMatchObject({ background: '#000000', instance: 'start by left[0] tiler:workspaces' });
    expect(line.some((x) => x.instance === shown[0]?.instance || x.instance === shown[4]?.instance)).toBe(false);
    expect(i3barBlocks([cpu], FRAMED).some((x) => x.border !== undefined)).toBe(false);
  });

  it('puts the units of one frame (a section with grouping Alignment) the pane’s spacing apart, on a gap a click does nothing on', () => {
    const shown = i3barBlocks(line, { ...FRAMED, box: 'section', gapCells: 2, border: '#123456' });
    expect(texts(shown)).toEqual([' ', '1 ', '2 ', '3', '  ', '▥ Columns', ' ', ' ', '33%', ' ']);
    const gap = shown[4];
    expect(gap).toMatchObject({ background: '#000000', border_left: 0, border_right: 0, separator_block_width: 0 });
    expect(line.some((b) => b.instance === gap?.instance)).toBe(false);
    expect(shown[6]).toMatchObject({ border_left: 0, separator_block_width: 8 });
    expect(shown[6]?.border_right).toBeUndefined();
  });

  it('without grouping, lays every unit on one strip of the bar’s background, spaced as on the pane, with no frame', () => {
    const shown = i3barBlocks(line, { ...FRAMED, box: 'bar' });
    expect(texts(shown).join('')).toBe(' 1 2 3 ▥ Columns 33% ');
    expect(shown.every((b) => b.border === undefined && (b.separator_block_width === 0 || b === shown.at(-1)))).toBe(true);
  });

  it('pads a unit selected whole in its own fill, so its highlight reaches its frame; a focused workspace keeps its fill to itself', () => {
    const hot: FeedBlock = { ...cpu, state: 'selected', runs: [{ text: '95%', fg: '#000000', bg: '#ff0000' }] };
    expect(i3barBlocks([hot], FRAMED).map((x) => x.background)).toEqual(['#ff0000', '#ff0000', '#ff0000']);
    // The focused workspace and the space after it (the unit's fill): a block each, so each fill is as high as the
    // bar (a pango span's background is only as high as its text); a click on either focuses that workspace.
    const focused: FeedBlock = { ...ws(1), runs: [{ text: '1', fg: '#000000', bg: '#00ff00' }, { text: ' ', fg: '#ffffff', bg: '#000000' }] };
    expect(i3barBlocks([focused], FRAMED).map((x) => [x.full_text, x.background, x.markup, x.instance])).toEqual([
      [' ', '#000000', 'none', 'start by left[0] tiler:workspaces'],
      ['1', '#00ff00', 'none', 'left[0] tiler:workspaces'],
      [' ', '#000000', 'none', 'left[0] tiler:workspaces'],
      [' ', '#000000', 'none', 'end by left[0] tiler:workspaces'],
    ]);
  });

  it('is the same whether each block’s JSON is kept or made again, in the bytes a feed writes', () => {
    fc.assert(
      fc.property(fc.array(hostile, { minLength: 1, maxLength: 5 }), fc.integer({ min: 0, max: 20 }), fc.constantFrom('unit', 'section', 'bar' as const), (texts, spacing, box) => {
        // Every other block starts a unit of its own; a block of a unit joins the one before it.
        const blocks = texts.map((t, i) => ({ ...block(i < 2 ? 'left' : 'right', `b${i}`, t === '' ? 'x' : t), unit: `u${i - (i % 2)}` }));
        const look: I3barLook = { ...FRAMED, spacingPx: spacing, box };
        const fresh = i3barLine(i3barBlocks(blocks, look), true);
        expect(i3barStatusBytes(blocks, look).toString()).toBe(fresh);
        // Asked again (kept) and with another look (made again).
        expect(i3barStatusBytes(blocks, look).toString()).toBe(fresh);
        const framed: I3barLook = { ...look, spacingPx: spacing + 1, border: '#123456', gapCells: 2 };
        expect(i3barStatusBytes(blocks, framed).toString()).toBe(i3barLine(i3barBlocks(blocks, framed), true));
        // Kept, and with an equal look that is another object (made again).
        expect(i3barStatusBytes(blocks, framed).toString()).toBe(i3barLine(i3barBlocks(blocks, framed), true));
        expect(i3barStatusBytes(blocks, { ...framed }).toString()).toBe(i3barLine(i3barBlocks(blocks, framed), true));
      }),
    );
  });
});
