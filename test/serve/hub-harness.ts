/**
 * The user's core in process (src/serve/hub.ts) for the tests of test/serve: fake timers, readers that count
 * their calls, a fake window manager (live-bar-harness.ts's FakePeer) and a fake media player source that counts
 * its starts, over config files in a temp dir. What is asserted is what the machine would notice: how often each
 * source is read, how many connections to the window manager and media players are open.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LiveBarSettings } from '../../src/app/live-bar.js';
import type { SourceReaders } from '../../src/app/readings.js';
import type { StartMediaSource } from '../../src/bar/event-sources.js';
import type { MediaCommand, MediaStatus } from '../../src/media/player.js';
import { Hub, type HubDeps } from '../../src/serve/hub.js';
import { BUILTIN_WIDGETS } from '../../widgets/kinds.js';
import { FakeTimers } from '../scheduler/fake-timers.js';
import { writeBarConfig } from '../support/bar-config.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { childEnv } from '../support/child-env.js';
import { until } from '../wait.js';
import { FakePeer } from '../app/live-bar-harness.js';

/** A media player source the test plays: counts its starts, knows whether it runs, records controls. */
export class FakeMedia {
  starts = 0;
  closes = 0;
  readonly controls: MediaCommand[] = [];
  #onStatus: ((status: MediaStatus) => void) | undefined;
  readonly start: StartMediaSource = async (onStatus) => {
    this.starts++;
    this.#onStatus = onStatus;
    return { control: (command) => void this.controls.push(command), close: () => void this.closes++ };
  };
  get running(): boolean {
    return this.starts > this.closes;
  }
  /** The player says it plays this title. */
  play(title: string): void {
    this.#onStatus?.({ player: { id: 'org.mpris.MediaPlayer2.test', status: 'Playing', artist: 'someone', title, canGoNext: true, canGoPrevious: true, changedAt: 0 } });
  }
}

/** Readers that count their calls per source (and per update URL). */
export class CountingReaders {
  readonly calls = new Map<string, number>();
  count(source: string): number {
    return this.calls.get(source) ?? 0;
  }
  reset(): void {
    this.calls.clear();
  }
  readonly readersFor = (updateUrl?: string): SourceReaders => {
    const counted = (source: string, value: unknown) => async () => {
      this.calls.set(source, this.count(source) + 1);
      return value;
    };
    return {
      cpu: counted('cpu', { percent: 12 }),
      memory: counted('memory', { usedBytes: 1, totalBytes: 2 }),
      update: counted(`update ${updateUrl ?? 'default'}`, { latest: '1.0.0' }),
    };
  };
}

const cleanups = cleanupsAfterEach();

export interface StartedHub {
  hub: Hub;
  timers: FakeTimers;
  readers: CountingReaders;
  peer: FakePeer;
  media: FakeMedia;
  log: string[];
  strays: unknown[];
  loads: number;
  /** A config file in the temp dir, written from `config` (see writeBarConfig), and the settings to open it with. */
  config(name: string, config: object, opts?: { tiler?: string }): Promise<LiveBarSettings>;
  /** Moves fake time on, 100 ms at a time, until `test` holds. */
  until(test: () => boolean, what: string): Promise<void>;
}

export async function startHub(opts: { graceMs?: number; exists?: (path: string) => boolean } = {}): Promise<StartedHub> {
  const dir = await mkdtemp(join(tmpdir(), 'tilebar-hub-'));
  const timers = new FakeTimers();
  const readers = new CountingReaders();
  const peer = new FakePeer();
  const media = new FakeMedia();
  const log: string[] = [];
  const strays: unknown[] = [];
  const started = { loads: 0 } as StartedHub;
  const deps: HubDeps = {
    env: childEnv({ HOME: dir, TZ: 'UTC' }),
    platform: 'linux',
    cwd: dir,
    timers,
    log: (line) => void log.push(line),
    onStray: (e) => void strays.push(e),
    startTilerSource: peer.start,
    startMediaSource: media.start,
    ...(opts.exists ? { exists: opts.exists } : {}),
    readersFor: readers.readersFor,
    ...(opts.graceMs !== undefined ? { graceMs: opts.graceMs } : {}),
    load: async (settings, barDeps) => {
      started.loads++;
      const { LiveBar } = await import('../../src/app/live-bar.js');
      return LiveBar.load(settings, barDeps);
    },
  };
  const hub = new Hub(deps);
  cleanups.push(async () => {
    await hub.close();
    await rm(dir, { recursive: true, force: true });
  });
  return Object.assign(started, {
    hub,
    timers,
    readers,
    peer,
    media,
    log,
    strays,
    config: async (name: string, config: object, o: { tiler?: string } = {}): Promise<LiveBarSettings> => ({
      widgets: BUILTIN_WIDGETS,
      configPath: await writeBarConfig(dir, config, name),
      label: name,
      cacheDir: join(dir, 'cache'),
      logPath: join(dir, 'log'),
      tiler: o.tiler ?? 'hyprland',
      komorebiDir: join(dir, 'komorebi'),
      komorebiDirGiven: false,
    }),
    until: (test: () => boolean, what: string) =>
      until(async () => {
        await timers.advance(100);
        return test();
      }, () => `${what}; the log: ${log.join(' | ')}`),
  });
}

