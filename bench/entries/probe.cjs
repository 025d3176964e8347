// A probe for a running bar, loaded before the command with NODE_OPTIONS=--require (bench/alloc-frame.mjs,
// bench/soak.mjs): it works the same on any build and any Node since 20, so an old checkout is measured as it
// ships, its own bundle and Ink patches included. It does nothing unless TILEBAR_PROBE_OUT names a file, and
// only in `tilebar run` (helpers and children that inherit NODE_OPTIONS are left alone).
//
// - TILEBAR_PROBE_ALLOC=<from>,<to> (seconds of the process): V8's sampling heap profiler over that window, every
//   object counted whether or not it was collected since (includeObjectsCollectedBy{Major,Minor}GC), sampled every
//   TILEBAR_PROBE_INTERVAL bytes (4096); written as one JSON line {alloc: {seconds, frames, profile}} at <to>.
//   Frames are the bar's writes to its terminal (FrameWriter makes one a frame; an unchanged frame writes nothing).
// - TILEBAR_PROBE_MEMORY=<every> (seconds): a JSON line {memory: …} that often: process.memoryUsage(), V8's spaces
//   (committed and used), its code statistics, /proc/self/status's VmRSS, VmHWM, RssAnon and RssFile, and the
//   collections so far by kind (count and milliseconds, from Node's GC performance entries).
'use strict';
const out = process.env.TILEBAR_PROBE_OUT;
const isRun = /main\.js$/.test(process.argv[1] ?? '') && process.argv.slice(2).find((a) => !a.startsWith('-')) === 'run';
if (out && isRun) {
  const { appendFileSync, readFileSync } = require('node:fs');
  const line = (value) => appendFileSync(out, `${JSON.stringify({ t: process.uptime(), ...value })}\n`);
  let frames = 0;
  const stdout = process.stdout;
  const write = stdout.write;
  stdout.write = function countedWrite(...args) {
    frames++;
    return write.apply(this, args);
  };
  const at = (seconds, fn) => setTimeout(fn, Math.max(0, seconds * 1000 - process.uptime() * 1000)).unref();

  const alloc = process.env.TILEBAR_PROBE_ALLOC?.split(',').map(Number);
  if (alloc && alloc.length === 2) {
    const [from, to] = alloc;
    const interval = Number(process.env.TILEBAR_PROBE_INTERVAL ?? 4096);
    const { Session } = require('node:inspector');
    const session = new Session();
    let frames0 = 0;
    let t0 = 0;
    at(from, () => {
      session.connect();
      session.post('HeapProfiler.startSampling', { samplingInterval: interval, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true }, (error) => {
        if (error) line({ error: String(error.message ?? error) });
        frames0 = frames;
        t0 = process.uptime();
      });
    });
    at(to, () => {
      const seconds = process.uptime() - t0;
      const counted = frames - frames0;
      session.post('HeapProfiler.stopSampling', (error, result) => {
        if (error) line({ error: String(error.message ?? error) });
        else line({ alloc: { seconds, frames: counted, interval, profile: result.profile } });
        session.disconnect();
      });
    });
  }

  const every = Number(process.env.TILEBAR_PROBE_MEMORY ?? 0);
  if (every > 0) {
    const v8 = require('node:v8');
    // The collector's work so far, by kind (minor: scavenges; major: mark-compact), from Node's GC entries.
    const { PerformanceObserver, constants } = require('node:perf_hooks');
    const gc = { minor: { n: 0, ms: 0 }, major: { n: 0, ms: 0 }, other: { n: 0, ms: 0 } };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const kind = e.detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR ? 'minor' : e.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR ? 'major' : 'other';
        gc[kind].n++;
        gc[kind].ms += e.duration;
      }
    }).observe({ entryTypes: ['gc'] });
    const status = () => {
      const text = readFileSync('/proc/self/status', 'utf8');
      const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(text)?.[1] ?? NaN);
      return { VmRSS: kb('VmRSS'), VmHWM: kb('VmHWM'), RssAnon: kb('RssAnon'), RssFile: kb('RssFile') };
    };
    const sample = () => {
      const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, { committed: s.physical_space_size, used: s.space_used_size }]));
      line({ memory: { usage: process.memoryUsage(), heap: v8.getHeapStatistics(), spaces, code: v8.getHeapCodeStatistics(), status: status(), frames, gc: structuredClone(gc) } });
    };
    sample();
    setInterval(sample, every * 1000).unref();
  }
}
