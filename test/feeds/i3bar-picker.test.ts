/**
 * The layout picker open in i3bar's and swaybar's line (issue 43, point 4). Those bars right-align the status line
 * and cut what does not fit off its left end, where the Tiler's workspaces are: a picker that only made the line
 * longer pushed them off. Open, the picker overlays the rest of the bar: the line holds the Tiler widget with its
 * picker, workspaces first, and is no wider than the line closed (which the bar showed whole); choosing closes it
 * and the rest comes back. In process, against a fake i3 on a socket; the feed is `tilebar feed i3bar`'s own.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { feedCommand } from '../../src/cli/feed.js';
import type { CliIo } from '../../src/cli/io.js';
import { FakeI3 } from '../tiler/fake-i3.js';
import { eventually } from '../wait.js';
import { writeBarConfig } from '../support/bar-config.js';
import { collectingWritable } from '../support/collecting-writable.js';
import { childEnv } from '../support/child-env.js';
import { cleanupsAfterEach } from '../support/cleanups.js';

const cleanups = cleanupsAfterEach();

type Block = Record<string, unknown>;
const lines = (written: string): Block[][] =>
  written
    .split('\n')
    .slice(2)
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l.replace(/^,/, '')) as Block[]);
const textOf = (b: Block) => String(b.full_text).replace(/<[^>]*>/g, '').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
/** A line's width as i3bar measures it, in characters: every block's text and the gaps after them (1 px ≈ 0 here). */
const width = (line: Block[]) => line.reduce((n, b) => n + [...textOf(b)].length, 0);

// The example config's Tiler (workspaces, layout with its picker) and, after it, widgets that fill the rest of a bar.
const CONFIG = {
  left_widgets: [
    {
      Komorebi: {
        workspaces: { enable: true, hide_empty_workspaces: false, display: 'Text' },
        layout: { enable: true, display: 'IconAndText', options: ['BSP', 'Columns', 'Rows', 'VerticalStack', 'HorizontalStack', 'Grid', 'Monocle', 'Floating', 'Paused'] },
      },
    },
  ],
  right_widgets: [{ Applications: { enable: true, items: ['Terminal', 'Browser', 'Editor', 'Files', 'Mail', 'Music', 'Calendar', 'Settings', 'Photos', 'Notes', 'Chat'].map((name) => ({ name, command: 'true' })) } }],
};

describe('the layout picker open in the i3bar line', () => {
  it('keeps the workspaces first and the line no wider than closed; a choice closes it and the rest comes back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tilebar-feed-picker-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const i3 = new FakeI3(join(dir, 'ipc.sock'));
    i3.names = ['1', '2', '3'];
    await i3.start();
    cleanups.push(() => i3.stop());
    await writeBarConfig(dir, CONFIG);
    const io: CliIo = { out: () => undefined, err: () => undefined, env: childEnv({ HOME: dir, TZ: 'UTC', I3SOCK: join(dir, 'ipc.sock') }), cwd: dir, isTTY: false, platform: 'linux' };
    const { out, written } = collectingWritable();
    const input = new PassThrough();
    const stop = new AbortController();
    const done = feedCommand('i3bar', { config: 'bar.json', log: join(dir, 'log') }, io, { out, in: input, stop: stop.signal, log: () => undefined, readers: {} });
    cleanups.push(async () => {
      stop.abort();
      await done;
    });

    const closed = await eventually(() => {
      const line = lines(written()).at(-1) ?? [];
      expect(line.some((b) => textOf(b).includes('Chat'))).toBe(true);
      expect(line.some((b) => textOf(b).includes('Columns'))).toBe(true);
      return line;
    });
    const layout = closed.find((b) => textOf(b).includes('Columns'));
    input.write('[\n');
    input.write(`${JSON.stringify({ name: layout?.name, instance: layout?.instance, button: 1 })}\n`);
    const open = await eventually(() => {
      const line = lines(written()).at(-1) ?? [];
      expect(line.some((b) => textOf(b).includes('Floating'))).toBe(true);
      return line;
    });
    const texts = open.map(textOf).filter((t) => t.trim() !== '');
    // Workspaces first, then the layout and the choices i3 can apply (none it cannot).
    expect(texts.slice(0, 3).map((t) => t.trim())).toEqual(['1', '2', '3']);
    expect(texts.join(' ')).not.toMatch(/BSP|Grid|Paused/);
    expect(width(open), `open: ${texts.join('|')}\nclosed: ${closed.map(textOf).join('|')}`).toBeLessThanOrEqual(width(closed));

    // A choice goes to i3 and closes the picker: the line is the closed one again.
    const rows = open.find((b) => textOf(b).includes('Rows'));
    input.write(`${JSON.stringify({ name: rows?.name, instance: rows?.instance, button: 1 })}\n`);
    await eventually(() => expect(i3.requests.some((r) => r.payload === 'layout splitv')).toBe(true));
    await eventually(() => expect(lines(written()).at(-1)?.some((b) => textOf(b).includes('Chat'))).toBe(true));
  });
});
