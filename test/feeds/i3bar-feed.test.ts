/**
 * `tilebar feed i3bar`, in process, on the live core: the protocol's header and lines as i3bar reads them, a
 * click launching an Applications item for real, garbage and huge lines on stdin ignored and said once, and the
 * host closing stdout ending the feed quietly with 0.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { feedCommand } from '../../src/cli/feed.js';
import type { CliIo } from '../../src/cli/io.js';
import { FakeTimers } from '../scheduler/fake-timers.js';
import { eventually } from '../wait.js';
import { writeBarConfig } from '../support/bar-config.js';
import { collectingWritable } from '../support/collecting-writable.js';
import { childEnv } from '../support/child-env.js';
import { thinLoopWithClicks } from '../../src/feeds/hosts.js';

const readers = { cpu: async () => ({ percent: 95 }) };

async function setUp(touched: string) {
  const dir = await mkdtemp(join(tmpdir(), 'tilebar-feed-'));
  await writeBarConfig(dir, {
    left_widgets: [{ Applications: { enable: true, items: [{ name: 'Touch', command: `touch ${touched}`, icon: 'T' }] } }],
    right_widgets: [{ Cpu: { enable: true, auto_select_over: 80, label_prefix: 'Text' } }, { Time: { enable: true, format: 'TwentyFourHour' } }],
  });
  const io: CliIo = { out: () => undefined, err: () => undefined, env: childEnv({ HOME: dir, TZ: 'UTC' }), cwd: dir, isTTY: false, platform: 'linux' };
  return { dir, io };
}

/** The status lines written so far, parsed as i3bar parses them (after the header and the opening `[`). */
function statusLines(written: string): Array<Array<Record<string, unknown>>> {
  const [header, open, ...lines] = written.split('\n');
  // SIGUSR1 and SIGUSR2 (Linux's numbers) pause and resume polling while the bar is hidden.
  expect(JSON.parse(header ?? '')).toEqual({ version: 1, click_events: true, stop_signal: 10, cont_signal: 12 });
  expect(open).toBe('[');
  return lines.filter((l) => l !== '').map((l) => JSON.parse(l.replace(/^,/, '')) as Array<Record<string, unknown>>);
}


/**
 * A status line as i3bar draws it, in characters: `│` where a block's border shows (i3bar draws one unless a side
 * is 0 wide), a space for a gap between blocks (`separator_block_width`), each block's text without its markup.
 */
function drawn(line: ReadonlyArray<Record<string, unknown>>): string {
  const text = (b: Record<string, unknown>) => {
    const t = String(b.full_text);
    return b.markup === 'pango' ? t.replace(/<[^>]*>/g, '').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&') : t;
  };
  return line
    .map((b, i) => {
      const framed = typeof b.border === 'string';
      const left = framed && b.border_left !== 0 ? '│' : '';
      const right = framed && b.border_right !== 0 ? '│' : '';
      const gap = i < line.length - 1 && Number(b.separator_block_width) > 0 ? ' ' : '';
      return `${left}${text(b)}${right}${gap}`;
    })
    .join('');
}

/** The last status line the feed wrote for `config`, once it shows `wanted`. */
async function lineFor(config: object, wanted: RegExp): Promise<{ line: Array<Record<string, unknown>>; shown: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'tilebar-feed-units-'));
  await writeBarConfig(dir, config);
  const io: CliIo = { out: () => undefined, err: () => undefined, env: childEnv({ HOME: dir, TZ: 'UTC' }), cwd: dir, isTTY: false, platform: 'linux' };
  const { out, written } = collectingWritable();
  const stop = new AbortController();
  const readings = {
    cpu: async () => ({ percent: 33 }),
    network: async () => ({ defaultInterface: 'eth0', interfaces: [], receivedPerSecond: 0, transmittedPerSecond: 0 }),
  };
  const done = feedCommand('i3bar', { config: 'bar.json', log: join(dir, 'log'), tiler: 'none' }, io, { out, in: new PassThrough(), readers: readings, stop: stop.signal, log: () => undefined });
  try {
    return await eventually(() => {
      const line = statusLines(written()).at(-1) ?? [];
      const shown = drawn(line);
      expect(shown).toMatch(wanted);
      return { line, shown };
    });
  } finally {
    stop.abort();
    await done;
    await rm(dir, { recursive: true, force: true });
  }
}

const UNITS = {
  left_widgets: [{ Applications: { enable: true, items: [{ name: 'Terminal', command: 'true' }, { name: 'Browser', command: 'true' }] } }],
  right_widgets: [
    { Network: { enable: true, show_activity: true, show_total_activity: false, show_default_interface: true, label_prefix: 'Icon' } },
    { Cpu: { enable: true, label_prefix: 'None' } },
  ],
};

/** What `feed HOST --print-config` prints for `config`. */
async function printedFor(host: string, config: object): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'tilebar-feed-print-'));
  try {
    await writeBarConfig(dir, config);
    let text = '';
    const io: CliIo = { out: (t) => void (text += t), err: () => undefined, env: childEnv({ HOME: dir, TZ: 'UTC' }), cwd: dir, isTTY: false, platform: 'linux' };
    expect(await feedCommand(host, { config: join(dir, 'bar.json'), log: join(dir, 'log'), printConfig: true, tiler: 'none' }, io, { log: () => undefined, readers: {} })).toBe(0);
    return text.replaceAll(dir, 'DIR');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('tilebar feed i3bar', () => {
  it('writes the protocol, launches an item on a click, and ignores what is not a click', async () => {
    const dir0 = await mkdtemp(join(tmpdir(), 'tilebar-feed-touch-'));
    const touched = join(dir0, 'touched');
    const { dir, io } = await setUp(touched);
    const { out, written } = collectingWritable();
    const input = new PassThrough();
    const logs: string[] = [];
    const stop = new AbortController();
    const done = feedCommand('i3bar', { config: 'bar.json', log: join(dir, 'log') }, io, { out, in: input, readers, stop: stop.signal, log: (l) => void logs.push(l) });
    try {
      await eventually(() => {
        const last = statusLines(written()).at(-1) ?? [];
        const cpu = last.find((b) => b.name === 'Cpu');
        expect(cpu?.full_text).toMatch(/CPU: .*95.*%/);
        expect(cpu?.instance).toBe('right[0] cpu');
        // Selected, the whole block is in one style: plain text, its colours in the block's fields.
        expect(cpu?.markup).toBe('none');
        // Selected (95 >= 80): the theme's auto-select colours, not the normal text colour of the Time block.
        expect(cpu?.background).not.toBe(last.find((b) => b.name === 'Time')?.background);
      });
      input.write('[\n');
      input.write('this is not json\n');
      input.write(`${'x'.repeat(70 * 1024)}\n`);
      input.write('{"name":"Applications","instance":"left[0] applications","button":1}\n');
      await eventually(() => expect(existsSync(touched)).toBe(true));
      expect(logs.filter((l) => l.includes('not a click event'))).toHaveLength(1);
      expect(logs.some((l) => l.includes('dropped a line of'))).toBe(true);
    } finally {
      stop.abort();
    }
    expect(await done).toBe(0);
  });

  it('spaces the units of a widget as the pane does, framed apart, with a space inside each frame', async () => {
    const framed = { ...UNITS, grouping: { kind: 'Widget', style: 'Default' } };
    const { shown } = await lineFor(framed, /eth0/);
    // One unit, two blocks a click tells apart: together in one frame, padded at its ends only.
    expect(shown).toContain('│ Terminal Browser │');
    // Three units of one widget: three frames, a gap between them (the pane's widget spacing).
    expect(shown).toContain('│ ↓ 0.0 KiB/s │ │ ↑ 0.0 KiB/s │ │ ⇄ eth0 │');
    expect(shown).toMatch(/ 33% │$/);
  });

  it('without grouping, the units sit on one strip of the bar’s background, spaced as on the pane', async () => {
    const { line, shown } = await lineFor(UNITS, /eth0/);
    expect(shown).toContain('↓ 0.0 KiB/s ↑ 0.0 KiB/s ⇄ eth0');
    expect(shown).toMatch(/^ Terminal Browser /);
    expect(shown).toMatch(/ 33% $/);
    expect(line.some((b) => 'border' in b)).toBe(false);
  });

  it.each(['i3bar', 'swaybar'])('%s --print-config turns the bar’s own workspace buttons off when the Tiler widget shows the workspaces, and says why', async (host) => {
    const workspaces = { Komorebi: { workspaces: { enable: true, hide_empty_workspaces: false, display: 'Text' }, layout: { enable: true, display: 'Icon' } } };
    expect(await printedFor(host, { left_widgets: [workspaces], right_widgets: [{ Cpu: { enable: true } }] })).toBe(
      [
        'bar {',
        `    status_command ${thinLoopWithClicks(`tilebar feed ${host} --config DIR/bar.json`)}`,
        "    # tilebar's Tiler widget (left[0]) shows the workspaces: the bar's own buttons would show them twice",
        '    workspace_buttons no',
        '}',
        '',
      ].join('\n'),
    );
    // No Tiler widget, or one that shows no workspaces: the bar keeps its buttons.
    for (const left of [[], [{ Komorebi: { workspaces: { enable: false, hide_empty_workspaces: false, display: 'Text' }, layout: { enable: true, display: 'Icon' } } }]]) {
      const printed = await printedFor(host, { left_widgets: left, right_widgets: [{ Cpu: { enable: true } }] });
      expect(printed).toBe(`bar {\n    status_command ${thinLoopWithClicks(`tilebar feed ${host} --config DIR/bar.json`)}\n}\n`);
    }
  });

  it("prints the README's bar block for the example config (no config of one's own)", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tilebar-feed-print-'));
    let text = '';
    const io: CliIo = { out: (t) => void (text += t), err: () => undefined, env: childEnv({ HOME: dir, TZ: 'UTC' }), cwd: dir, isTTY: false, platform: 'linux' };
    try {
      await feedCommand('i3bar', { log: join(dir, 'log'), printConfig: true, tiler: 'none' }, io, { log: () => undefined, readers: {} });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    expect(readFileSync(join(process.cwd(), 'README.md'), 'utf8')).toContain(`\`\`\`\n${text}\`\`\``);
  });

  it('ends quietly with 0 when the host closes its end (EPIPE)', async () => {
    const { dir, io } = await setUp(join(tmpdir(), 'never'));
    let writes = 0;
    const out = new Writable({
      write(_chunk, _e, cb) {
        // The host reads the header and a line, then goes.
        if (++writes > 3) cb(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
        else cb();
      },
    });
    const status = await feedCommand('i3bar', { config: 'bar.json', log: join(dir, 'log') }, io, { out, in: new PassThrough(), readers, log: () => undefined });
    expect(status).toBe(0);
  });

  it('ends quietly with 0 when the host closes our stdin', async () => {
    const { dir, io } = await setUp(join(tmpdir(), 'never'));
    const input = new PassThrough();
    const done = feedCommand('i3bar', { config: 'bar.json', log: join(dir, 'log') }, io, { out: new PassThrough(), in: input, readers, log: () => undefined });
    input.end('[\n');
    expect(await done).toBe(0);
  });

  it("pauses polling while the bar is hidden (its stop signal) and reads again as soon as it shows", async () => {
    const { dir, io } = await setUp(join(tmpdir(), 'never'));
    const timers = new FakeTimers();
    let reads = 0;
    const counting = { cpu: async () => ((reads += 1), { percent: 50 }) };
    const stop = new AbortController();
    const { out, written } = collectingWritable();
    const done = feedCommand('i3bar', { config: 'bar.json', log: join(dir, 'log') }, io, { out, in: new PassThrough(), readers: counting, timers, stop: stop.signal, log: () => undefined });
    try {
      await eventually(async () => {
        await timers.advance(100);
        expect(written()).toContain('CPU');
      });
      await timers.advance(10_000);
      expect(reads).toBeGreaterThan(1);
      process.emit('SIGUSR1', 'SIGUSR1');
      const paused = reads;
      await timers.advance(60_000);
      expect(reads).toBe(paused);
      process.emit('SIGUSR2', 'SIGUSR2');
      await eventually(() => expect(reads).toBe(paused + 1));
      await timers.advance(10_000);
      expect(reads).toBeGreaterThan(paused + 1);
    } finally {
      stop.abort();
    }
    expect(await done).toBe(0);
  });

  it('refuses a host it does not know, saying which it knows', async () => {
    const { io } = await setUp(join(tmpdir(), 'never'));
    await expect(feedCommand('lemonbar', {}, io, { out: new PassThrough(), in: new PassThrough() })).rejects.toThrow(/unknown host "lemonbar"; expected one of i3bar, swaybar/);
  });
});
