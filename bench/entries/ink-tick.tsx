// Bundled by bench/ink-tick.mjs (production React, as the command's bundle): the Ink app of tilebar run,
// driven by hand — a clock tick, then wait for its frame — to measure the CPU a tick costs.
import { EventEmitter } from 'node:events';
import { getHeapStatistics } from 'node:v8';
import { readFileSync } from 'node:fs';
import { render } from 'ink';
import { appearanceOf } from '../../src/view/appearance.js';
import { BarStore } from '../../src/bar/bar-store.js';
import { loadConfigText } from '../../src/config/load.js';
import { BUILTIN_WIDGETS } from '../../widgets/kinds.js';
import { startDirectView } from '../../src/pane/direct-view.js';
import { App } from '../../src/pane/ink/App.js';
import { InkFrameSink } from '../../src/pane/ink/frame-sink.js';
import chalk from 'chalk';
import { FrameWriter } from '../../src/pane/terminal.js';
import { realTimers } from '../../src/scheduler/timers.js';
import { simulatedReadings } from '../../src/thresholds/simulate.js';

import { Box, Text } from 'ink';
import { memo, useSyncExternalStore, useMemo } from 'react';
import { layoutFor } from '../../src/view/appearance.js';
import { rowToAnsi } from '../../src/render/ansi.js';
import { Bar } from '../../src/pane/ink/Bar.js';
import { Styled } from '../../src/pane/ink/runs.js';
import type { Run } from '../../src/render/bar-types.js';

// Experimental shapes, to compare with the shipped one.
function Variant({ store, shape }: { store: BarStore; shape: string }) {
  const snap = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const layout = useMemo(() => layoutFor(snap.model, snap.look, { statuses: snap.statuses, clock: { epochMs: snap.epochMs, systemZone: 'UTC' } }, snap.size, '0.1.0'), [snap]);
  if (shape === 'shipped') return <Bar layout={layout} depth="truecolor" />;
  if (shape === 'one-text') return <Box width={160}>{layout.rows.map((r, i) => <Text key={i}>{r.map((run, j) => <Styled key={j} run={run} />)}</Text>)}</Box>;
  if (shape === 'ansi-text') return <Box width={160}>{layout.rows.map((r, i) => <Text key={i}>{rowToAnsi(r, 'truecolor')}</Text>)}</Box>;
  if (shape === 'per-run-ansi') return <Box width={160}>{layout.rows.map((r, i) => <Box key={i}>{r.map((run, j) => <Text key={j}>{rowToAnsi([run], 'truecolor')}</Text>)}</Box>)}</Box>;
  if (shape === 'per-run') return <Box width={160}>{layout.rows.map((r, i) => <Box key={i}>{r.map((run, j) => <Styled key={j} run={run} />)}</Box>)}</Box>;
  return null;
}

export async function measure(configPath: string, renderer: string, ticks: number, gapMs: number): Promise<{ cpuMsPerTick: number; bytes: number; allocatedPerTick?: number }> {
  const model = loadConfigText(readFileSync(configPath, 'utf8'), configPath, { kinds: BUILTIN_WIDGETS, variant: 'A' }).model;
  if (!model) throw new Error('config does not load');
  const readings = simulatedReadings(['cpu=42', 'memory=40', 'storage./=71', 'network.received=1MiB', 'network.transmitted=96KiB', 'network.interface=wlan0', 'battery=64'], BUILTIN_WIDGETS.simulations);
  const statuses = Object.fromEntries(Object.entries(readings).map(([k, v]) => [k, { reading: v }]));
  let bytes = 0;
  let frames = 0;
  let onFrame: () => void = () => undefined;
  const writer = new FrameWriter({ write: (t) => ((bytes += t.length), frames++, onFrame()) });
  writer.start();
  let epoch = Date.parse('2024-09-08T09:05:03Z');
  const timers = { ...realTimers, wallNow: () => epoch };
  const store = new BarStore(timers, { model, look: appearanceOf(model, { icons: 'unicode' }), message: undefined, statuses, systemZone: 'UTC', tiler: undefined, size: { width: 160, height: Number(process.env.TICK_ROWS ?? 1) } }, 0);
  const noop = () => undefined;
  const options = { store, writer, depth: 'truecolor' as const, version: '0.1.0', tilerOptions: { exists: () => false, resolvePath: (p: string) => p }, onAction: noop, onBinding: noop, onQuit: noop, onDrawError: (e: unknown) => { throw e; }, now: () => performance.now(), keys: () => noop };
  const stdin = Object.assign(new EventEmitter(), { isTTY: false, setRawMode: noop, setEncoding: noop, ref: noop, unref: noop, read: () => null });
  let stop: () => void;
  if (renderer !== 'direct') {
    chalk.level = 3;
    const sink = new InkFrameSink(writer, () => ({ width: 160, height: Number(process.env.TICK_ROWS ?? 1) }));
    const instance = render(renderer === 'ink' ? <App {...options} /> : <Variant store={store} shape={renderer} />, { stdout: sink as unknown as NodeJS.WriteStream, stdin: stdin as unknown as NodeJS.ReadStream, debug: true, patchConsole: false, exitOnCtrlC: false, interactive: false });
    stop = () => instance.unmount();
  } else {
    const view = startDirectView({ ...options, terminal: { write: noop, size: () => ({ columns: 160, rows: 1 }), onResize: () => noop, onKeys: () => noop, stdin: stdin as unknown as NodeJS.ReadStream } });
    stop = () => void view.stop();
  }
  const tick = () =>
    new Promise<void>((resolve) => {
      const before = frames;
      onFrame = () => {
        if (frames > before) resolve();
      };
      epoch += 1000;
      store.update();
      store.publish();
    });
  for (let i = 0; i < 20; i++) await tick(); // warm-up
  const cpu0 = process.cpuUsage();
  // V8's count of every byte allocated (Node 26 and later), collected or not.
  const allocated = () => (getHeapStatistics() as { total_allocated_bytes?: number }).total_allocated_bytes;
  const allocated0 = allocated();
  let spent = 0;
  for (let i = 0; i < ticks; i++) {
    const c = process.cpuUsage();
    await tick();
    const d = process.cpuUsage(c);
    spent += (d.user + d.system) / 1000;
    if (gapMs > 0) await new Promise((r) => setTimeout(r, gapMs));
  }
  void cpu0;
  const allocated1 = allocated();
  stop();
  return { cpuMsPerTick: spent / ticks, bytes, ...(allocated0 !== undefined && allocated1 !== undefined ? { allocatedPerTick: (allocated1 - allocated0) / ticks } : {}) };
}
