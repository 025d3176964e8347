/** `tilebar serve` in process: what `--status` says with no core and of a core's report. */
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NO_CORE_STATUS, serveCommand, statusText } from '../../src/cli/serve.js';
import { captureIo } from '../support/capture-io.js';
import { cleanupsAfterEach } from '../support/cleanups.js';

const cleanups = cleanupsAfterEach();

describe('tilebar serve', () => {
  it('--status says no core runs, with its own status, and starts none', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tilebar-serve-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    mkdirSync(join(dir, 'run'), { mode: 0o700 });
    const c = captureIo({ HOME: dir, XDG_RUNTIME_DIR: join(dir, 'run') });
    expect(await serveCommand({ status: true }, c.io)).toBe(NO_CORE_STATUS);
    expect(c.err()).toMatch(/^tilebar serve --status: no core is running for this session \(no core key\)\n$/);
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
