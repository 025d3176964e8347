/**
 * A feed host defined in this test alone — `lemonbar`, one plain line per frame with each block's text — passed to
 * the command line as a list value, as test/widgets/extra-kind.test.tsx passes a widget kind: seen in `feed --help`
 * and in the message naming the hosts, its `--print-config` lines printed, and fed end to end in process on the
 * same live core as the built-in hosts (issue 34).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { feedCommand } from '../../src/cli/feed.js';
import type { CliIo } from '../../src/cli/io.js';
import { lazyCommands } from '../../src/cli/commands.js';
import { runCli } from '../../src/cli/program.js';
import { BUILTIN_HOSTS, type FeedHost } from '../../src/feeds/hosts.js';
import { startLineFeed } from '../../src/feeds/line-feed.js';
import { collectingWritable } from '../support/collecting-writable.js';

const lemonbar: FeedHost = {
  name: 'lemonbar',
  clicksOnStdin: false,
  help: `lemonbar: one plain line per frame, each block's text in turn; pipe it into lemonbar:
  tilebar feed lemonbar | lemonbar -p`,
  printConfig: (p) => `tilebar feed lemonbar${p.configArgument} | lemonbar -p\n`,
  start: (c) => startLineFeed({ store: c.view, out: c.out, version: c.version, tilerOptions: c.tilerOptions, format: (blocks) => `%{l}${blocks.map((b) => b.runs.map((r) => r.text).join('')).join('')}` }),
};
const hosts = [...BUILTIN_HOSTS, lemonbar];

async function withConfig<T>(use: (dir: string, io: CliIo, said: () => string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'tilebar-lemonbar-'));
  let said = '';
  try {
    await writeFile(join(dir, 'bar.json'), JSON.stringify({ left_widgets: [], right_widgets: [{ Cpu: { enable: true, data_refresh_interval: 2, label_prefix: 'Text' } }] }));
    const io: CliIo = { out: (t) => void (said += t), err: (t) => void (said += t), env: { HOME: dir, TZ: 'UTC', TMPDIR: dir }, cwd: dir, isTTY: false, platform: 'linux' };
    return await use(dir, io, () => said);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('a feed host defined in a test alone', () => {
  it('is named in `feed --help`, with its paragraph, and where a host is missing or unknown', async () => {
    let out = '';
    let err = '';
    const io: CliIo = { out: (t) => void (out += t), err: (t) => void (err += t), env: { HOME: '/nonexistent-home' }, cwd: process.cwd(), isTTY: false, platform: 'linux' };
    await runCli(['feed', '--help'], io, lazyCommands, { hosts });
    expect(out.replace(/\s+/g, ' ')).toMatch(/host i3bar, swaybar, tmux, polybar, waybar or lemonbar/);
    expect(out).toContain(`\n\n${lemonbar.help}\n\n`);
    // Its signals are those of every host that does not send clicks on stdin.
    expect(out.replace(/\s+/g, ' ')).toMatch(/for tmux, Polybar, Waybar and lemonbar SIGUSR1 reads every source again/);
    expect(await runCli(['feed', 'dzen'], io, lazyCommands, { hosts })).not.toBe(0);
    expect(err).toMatch(/unknown host "dzen"; expected one of i3bar, swaybar, tmux, polybar, waybar, lemonbar/);
  });

  it('prints its config lines with --print-config', async () => {
    await withConfig(async (dir, io, said) => {
      expect(await feedCommand('lemonbar', { config: 'bar.json', log: join(dir, 'log'), tiler: 'none', printConfig: true }, io, { hosts, log: () => undefined })).toBe(0);
      expect(said()).toBe(`tilebar feed lemonbar --config ${join(dir, 'bar.json')} | lemonbar -p\n`);
    });
  });

  it('is fed end to end from the live core, its line changing with a reading', async () => {
    await withConfig(async (dir, io) => {
      const { out, written } = collectingWritable();
      const stop = new AbortController();
      const done = feedCommand('lemonbar', { config: 'bar.json', log: join(dir, 'log'), tiler: 'none' }, io, { out, in: new PassThrough(), readers: { cpu: async () => ({ percent: 42 }) }, stop: stop.signal, log: () => undefined, hosts });
      try {
        const { eventually } = await import('../wait.js');
        await eventually(() => expect(written()).toMatch(/^%\{l\}.*CPU: 42%.*$/m));
      } finally {
        stop.abort();
        expect(await done).toBe(0);
      }
    });
  });
});
