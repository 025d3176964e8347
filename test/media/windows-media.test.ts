/**
 * The Windows media-session helper's protocol, with a fake helper process (the PowerShell script itself
 * needs Windows): sessions as JSON lines (split across writes, junk and over-long lines among them),
 * controls written back, and a helper that dies being started again.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MediaStatus } from '../../src/media/player.js';
import { statusFromHelperLine, watchWindowsMedia, WINDOWS_MEDIA_SCRIPT } from '../../src/media/windows-media.js';
import { powershellCommand } from '../../src/system/powershell.js';
import type { MediaSource } from '../../src/media/mpris.js';
import { realTimers } from '../../src/scheduler/timers.js';
import { eventually } from '../wait.js';
import { FakeTimers } from '../scheduler/fake-timers.js';

let source: MediaSource | undefined;
afterEach(() => source?.close());

const fake = (lines: string[]) => {
  process.env.FAKE_HELPER_SCRIPT = JSON.stringify(lines);
  return { file: process.execPath, args: [join(import.meta.dirname, 'fake-windows-helper.mjs')] };
};

describe('the Windows media-session helper', () => {
  it('reads sessions from its lines, whole or split, skips junk, and sends the controls', async () => {
    const statuses: MediaStatus[] = [];
    const session = JSON.stringify({ session: { id: 'Spotify.exe', artist: 'Björk', title: 'Jóga', status: 'Playing', canNext: true, canPrevious: false } });
    const helper = fake(['not json\n', `{"session": 42}\n`, `${'x'.repeat(70_000)}\n`, session.slice(0, 20), `${session.slice(20)}\n`]);
    source = watchWindowsMedia((s) => statuses.push(s), { timers: realTimers, log: () => undefined, helper });
    await eventually(() => expect(statuses.at(-1)?.player).toMatchObject({ id: 'Spotify.exe', artist: 'Björk', title: 'Jóga', status: 'Playing', canGoNext: true, canGoPrevious: false }));
    expect(statuses).toHaveLength(1);
    source.control('next');
    await eventually(() => expect(statuses.at(-1)?.player?.title).toBe('got next'));
    source.control('play-pause');
    await eventually(() => expect(statuses.at(-1)?.player?.title).toBe('got play-pause'));
  });

  it('clears the widget when the helper dies, says why once, and starts it again', async () => {
    const statuses: MediaStatus[] = [];
    const logs: string[] = [];
    const helper = fake([`${JSON.stringify({ session: { id: 'a', title: 'One', status: 'Paused' } })}\n`]);
    source = watchWindowsMedia((s) => statuses.push(s), { timers: realTimers, log: (m) => logs.push(m), helper });
    await eventually(() => expect(statuses.at(-1)?.player?.title).toBe('One'));
    (source as { control(c: string): void }).control('exit' as never);
    await eventually(() => expect(statuses.at(-1)).toEqual({}));
    expect(logs).toEqual(['media: the media-session helper exited (3); starting it again in 5 s, then less often while it keeps failing (at most every 5 min)']);
    await eventually(() => expect(statuses.at(-1)?.player?.title).toBe('One'));
  });

  it('a helper that cannot start is said once and tried again, and the widget stays hidden', async () => {
    const statuses: MediaStatus[] = [];
    const logs: string[] = [];
    source = watchWindowsMedia((s) => statuses.push(s), { timers: realTimers, log: (m) => logs.push(m), helper: { file: '/nonexistent/powershell.exe', args: [] } });
    await eventually(() => expect(logs).toHaveLength(1));
    expect(logs[0]).toMatch(/^media: the media-session helper .*ENOENT.*; starting it again in 5 s, /);
    expect(statuses).toEqual([]);
  });

  it('parses lines as the protocol says, and the script goes to PowerShell encoded', () => {
    expect(statusFromHelperLine('{"session":null}', {}, 0)).toEqual({});
    expect(statusFromHelperLine('{"session":{"status":"Changing","title":7,"artist":["x"]}}', {}, 0)?.player).toMatchObject({ id: 'windows-media-session', status: 'Stopped', title: '', artist: '' });
    expect(statusFromHelperLine('[]', {}, 0)).toBeUndefined();
    const { file, args } = powershellCommand(WINDOWS_MEDIA_SCRIPT, { SystemRoot: 'D:\\WINDOWS' });
    // The system's PowerShell by its full path, never a bare name Windows would look for in the current directory.
    expect(file).toBe('D:\\WINDOWS\\System32\\WindowsPowerShell\\v1.0\\powershell.exe');
    expect(Buffer.from(args.at(-1) ?? '', 'base64').toString('utf16le')).toBe(WINDOWS_MEDIA_SCRIPT);
    expect(WINDOWS_MEDIA_SCRIPT).toContain("ParameterType.Name -eq 'IAsyncOperation`1'");
  });

  it('a helper that keeps exiting is started again less and less often (5 s, 10 s, 20 s …), said once', async () => {
    const timers = new FakeTimers();
    const logs: string[] = [];
    const pids = join(process.env.TMPDIR ?? '/tmp', 'media-starts');
    const helper = { file: '/bin/sh', args: ['-c', `echo start >> '${pids}'; exit 3`] };
    source = watchWindowsMedia(() => undefined, { timers, log: (m) => logs.push(m), helper });
    const starts = () => (existsSync(pids) ? readFileSync(pids, 'utf8').split('\n').filter(Boolean).length : 0);
    const waits: number[] = [];
    for (let n = 1; n <= 4; n++) {
      await eventually(() => expect(starts()).toBe(n));
      // Its exit has reached the source once a restart is waiting on the timers.
      await eventually(() => expect(timers.pending()).toBe(1));
      let waited = 0;
      while (starts() === n) {
        await timers.advance(1000);
        waited += 1;
        if (timers.pending() === 0) await eventually(() => expect(starts()).toBe(n + 1));
      }
      waits.push(waited);
    }
    expect(waits).toEqual([5, 10, 20, 40]);
    expect(logs).toHaveLength(1);
  });
});
