// Bundled by bench/feed-tick.mjs: the i3bar feed's writer over a store, driven by hand — a new second (and, as the
// example's polls do, a new CPU and network reading every 2 s, memory every 5 s, disks every 10 s), then its line —
// to measure the CPU and the allocation one second of a feed costs in process, without the wake-up around it.
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { Writable } from 'node:stream';
import { appearanceOf } from '../../src/view/appearance.js';
import { BarStore } from '../../src/bar/bar-store.js';
import { loadConfigText } from '../../src/config/load.js';
import { BUILTIN_WIDGETS } from '../../widgets/kinds.js';
import { startI3barFeed } from '../../src/feeds/i3bar-feed.js';
import { PassThrough } from 'node:stream';
import { realTimers } from '../../src/scheduler/timers.js';
import { simulatedReadings } from '../../src/thresholds/simulate.js';

export interface TickFigures {
  cpuMsPerTick: number;
  /** Bytes allocated a tick (V8's sampling heap profiler, collected objects included). */
  allocatedPerTick: number;
  bytesPerTick: number;
}

export async function measure(configPath: string, ticks: number, gapMs: number, sampleAllocation: boolean): Promise<TickFigures> {
  const model = loadConfigText(readFileSync(configPath, 'utf8'), configPath, { kinds: BUILTIN_WIDGETS, variant: 'A' }).model;
  if (!model) throw new Error('config does not load');
  const statusesAt = (second: number) => {
    const readings = simulatedReadings(
      [`cpu=${(second * 7) % 100}`, `memory=${40 + ((second / 5) % 3)}`, `storage./=${71 + ((second / 10) % 2)}`, `network.received=${second % 9}KiB`, `network.transmitted=${second % 7}KiB`, 'network.interface=wlan0', 'battery=64'],
      BUILTIN_WIDGETS.simulations,
    );
    return Object.fromEntries(Object.entries(readings).map(([k, v]) => [k, { reading: v }]));
  };
  let epoch = Date.parse('2024-09-08T09:05:03Z');
  const timers = { ...realTimers, wallNow: () => epoch };
  let statuses = statusesAt(0);
  const store = new BarStore(timers, { model, look: appearanceOf(model, { icons: 'unicode' }), message: undefined, statuses, systemZone: 'UTC', tiler: undefined, size: { width: 1000, height: 1 } }, 0);
  let bytes = 0;
  const out = new Writable({
    write(chunk: Buffer, _e, cb) {
      bytes += chunk.length;
      cb();
    },
  });
  const noop = () => undefined;
  const feed = startI3barFeed({ store, out, in: new PassThrough(), version: '0.1.0', tilerOptions: { exists: () => false, resolvePath: (p: string) => p }, act: noop, bind: noop, log: noop });
  let second = 0;
  const tick = () => {
    second++;
    epoch += 1000;
    // A source's status object is new only when it was read again, as in the live core.
    const next = statusesAt(second);
    const changed: Record<string, unknown> = { ...statuses };
    const every: Record<string, number> = { cpu: 2, network: 2, memory: 5, disks: 10, battery: 10 };
    for (const [source, status] of Object.entries(next)) if (second % (every[source] ?? 1) === 0) changed[source] = status;
    statuses = changed as typeof statuses;
    store.update({ statuses });
    store.publish();
  };
  for (let i = 0; i < 30; i++) tick(); // warm-up
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) => new Promise<unknown>((resolve, reject) => session.post(method, params, (e, r) => (e ? reject(e) : resolve(r))));
  if (sampleAllocation) await post('HeapProfiler.startSampling', { samplingInterval: 128, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  bytes = 0;
  let spent = 0;
  for (let i = 0; i < ticks; i++) {
    const c = process.cpuUsage();
    tick();
    const d = process.cpuUsage(c);
    spent += (d.user + d.system) / 1000;
    if (gapMs > 0) await new Promise((r) => setTimeout(r, gapMs));
  }
  let allocated = 0;
  if (sampleAllocation) {
    const { profile } = (await post('HeapProfiler.stopSampling')) as { profile: { head: Node } };
    // FEED_TICK_PROFILE=FILE keeps the allocation profile (a .heapprofile for Chrome's DevTools).
    if (process.env.FEED_TICK_PROFILE) writeFileSync(process.env.FEED_TICK_PROFILE, JSON.stringify(profile));
    type Node = { selfSize: number; children: Node[] };
    const sum = (n: Node): number => n.selfSize + n.children.reduce((s, c) => s + sum(c), 0);
    allocated = sum(profile.head);
  }
  session.disconnect();
  feed.stop();
  return { cpuMsPerTick: spent / ticks, allocatedPerTick: allocated / ticks, bytesPerTick: bytes / ticks };
}
