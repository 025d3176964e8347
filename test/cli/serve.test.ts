/** `tilebar serve` in process: what `--status` says with no core and of a core's report. */
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NO_CORE_STATUS, serveCommand, statusText } from '../../src/cli/serve.js';
import { captureIo } from '../support/capture-io.js';
import { sessionOf } from '../../src/serve/endpoint.js';
import { cleanupsAfterEach } from '../support/cleanups.js';

const cleanups = cleanupsAfterEach();

describe('tilebar serve', () => {
  it('--status says no core runs, with its own status, and starts none', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tilebar-serve-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    mkdirSync(join(dir, 'run'), { mode: 0o700 });
    const c = captureIo({ HOME: dir, XDG_RUNTIME_DIR: join(dir, 'run') });
    expect(await serveCommand({ status: true }, c.io)).toBe(NO_CORE_STATUS);
    // Which session this is (its variables as set here), and which variables make another one: a unit started without
    // the shell's has a core of its own, and this is where its user finds out why `--status` sees none.
    expect(c.err()).toBe(`tilebar serve --status: no core is running for this session (session ${sessionOf({ XDG_RUNTIME_DIR: join(dir, 'run') }, process.platform)}: XDG_RUNTIME_DIR=${join(dir, 'run')}); bars whose DISPLAY, WAYLAND_DISPLAY, SWAYSOCK, I3SOCK, HYPRLAND_INSTANCE_SIGNATURE, DBUS_SESSION_BUS_ADDRESS, KOMOREBI_CONFIG_HOME, XDG_RUNTIME_DIR differ reach a core of their own\n`);
    expect(c.out()).toBe('');
  });

  it('--status --json says no core runs as JSON too', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tilebar-serve-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    mkdirSync(join(dir, 'run'), { mode: 0o700 });
    const c = captureIo({ HOME: dir, XDG_RUNTIME_DIR: join(dir, 'run') });
    expect(await serveCommand({ status: true, json: true }, c.io)).toBe(NO_CORE_STATUS);
    expect(JSON.parse(c.out())).toMatchObject({ running: false, session: sessionOf({ XDG_RUNTIME_DIR: join(dir, 'run') }, process.platform), why: expect.stringMatching(/^no core is running/) });
  });

  it('--status lists the front ends, bars and sources, each source with its reads', () => {
    const text = statusText(
      {
        pid: 42,
        app: '0.1.0',
        startedMs: 0,
        frontEnds: [
          { id: 1, role: { kind: 'pane' }, pid: 7, config: '/c/a.json', monitor: 0 },
          { id: 2, role: { kind: 'feed', host: 'i3bar' }, pid: 8, config: '/c/b.json', monitor: 1 },
        ],
        bars: [
          { config: '/c/a.json', users: 1 },
          { config: '/c/b.json', users: 1 },
        ],
        sources: [{ key: 'cpu', intervalMs: 2000, subscribers: 2, reads: 31, lastOk: false }],
        beats: 62,
      },
      65_000,
    );
    expect(text).toBe(
      [
        'core: pid 42, tilebar 0.1.0, up 65 s',
        'front ends (2):',
        '  pane  pid 7  monitor 0  /c/a.json',
        '  feed i3bar  pid 8  monitor 1  /c/b.json',
        'bars (2):',
        '  /c/a.json  (1 front end)',
        '  /c/b.json  (1 front end)',
        'sources (1), each read once for all:',
        '  cpu  every 2 s  for 2 widgets  read 31 times  (last read failed)',
        '',
      ].join('\n'),
    );
  });
});
