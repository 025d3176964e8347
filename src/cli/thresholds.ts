/** `tilebar thresholds`: every system widget's value against its thresholds, and the resulting state. */
import { subscribeSources, readOnce } from '../bar/live-sources.js';
import { systemWidgets, type SystemWidget } from '../bar/system-widgets.js';
import type { Variant } from '../config/variant.js';
import { Scheduler } from '../scheduler/scheduler.js';
import { realTimers, type Timers } from '../scheduler/timers.js';
import type { Readers, SourceKey } from '../system/readings.js';
import { formatRows, formatRuleTable, stateChanges, thresholdRows, type RowState, type StatePainter, type Statuses, type ThresholdRow } from '../thresholds/report.js';
import type { ColourChoice } from '../colour/depth.js';
import { paint, type TextStyle } from '../colour/sgr.js';
import { colourDepthFor } from './colour-options.js';
import { THRESHOLD_RULES } from '../thresholds/rules.js';
import { SettingError, simulatedReadings, systemReadings, type SimulatedReadings } from '../thresholds/simulate.js';
import { VERSION } from '../version.js';
import { EXIT, SIGNAL_EXIT, UsageError, type CliIo } from './io.js';
import { liveReaders } from './live-readers.js';
import { loadBar } from './load-bar.js';

export interface ThresholdsOptions {
  rules?: boolean;
  config?: string;
  variant?: Variant;
  set?: string[];
  watch?: boolean;
  json?: boolean;
  updateUrl?: string;
  color?: ColourChoice;
}

/**
 * States in colour, as the bar would draw them: over a threshold in the warning red of the original's
 * auto-select, hidden and disabled dimmed, a source that was not read or failed in amber.
 */
function statePainter(opts: ThresholdsOptions, io: CliIo): StatePainter {
  const depth = colourDepthFor(opts, io);
  const styles: Partial<Record<RowState, TextStyle>> = { selected: { fg: '#f38ba8', bold: true }, hidden: { fg: '#7f849c' }, disabled: { fg: '#7f849c' }, 'not read': { fg: '#f9e2af' }, error: { fg: '#f9e2af', bold: true } };
  return (state, text) => {
    const style = styles[state];
    return style ? paint(text, style, depth) : text;
  };
}

/** What tests replace: the machine, the clock, and how a `--watch` run is stopped. */
export interface ThresholdsDeps {
  readers?: Readers;
  timers?: Timers;
  /** Ends a `--watch` run; without it, SIGINT/SIGTERM do. */
  stop?: AbortSignal;
}

export async function thresholdsCommand(opts: ThresholdsOptions, io: CliIo, deps: ThresholdsDeps = {}): Promise<number> {
  if (opts.rules) {
    io.out(opts.json ? `${JSON.stringify(THRESHOLD_RULES, null, 2)}\n` : formatRuleTable());
    return EXIT.ok;
  }
  let simulated: SimulatedReadings;
  try {
    simulated = simulatedReadings(opts.set ?? []);
  } catch (e) {
    if (e instanceof SettingError) throw new UsageError(e.message);
    throw e;
  }
  const loaded = await loadBar(opts, io);
  if (!loaded) return EXIT.configError;
  const widgets = systemWidgets(loaded.model, VERSION);
  if (widgets.length === 0) {
    io.out(`${loaded.label} has no Battery, Cpu, Memory, Network, Storage or Update widget: there are no thresholds to show\n`);
    return EXIT.ok;
  }
  const timers = deps.timers ?? realTimers;
  const simulatedOnly = (opts.set ?? []).length > 0 && !opts.watch;
  const fixed = fixedReaders(simulated);

  if (!opts.watch) {
    // With --set, nothing is read from the machine: sources not given are reported as not read.
    const readers = simulatedOnly ? fixed : { ...(deps.readers ?? liveReaders(io, timers, opts.updateUrl)), ...fixed };
    const statuses = await readOnce(widgets, readers);
    const rows = thresholdRows(widgets, statuses, (source) => `simulated run: no --set for ${SET_HINT[source]}`);
    io.out(opts.json ? `${JSON.stringify(rows, null, 2)}\n` : formatRows(rows, statePainter(opts, io)));
    return EXIT.ok;
  }
  return watch(widgets, { ...(deps.readers ?? liveReaders(io, timers, opts.updateUrl)), ...fixed }, timers, opts, io, deps);
}

const SET_HINT: Record<SourceKey, string> = {
  cpu: 'cpu=N',
  memory: 'memory=N',
  battery: 'battery=N',
  disks: 'storage.<mount>=N',
  network: 'network.received=BYTES …',
  update: 'update=VERSION',
};

function fixedReaders(simulated: SimulatedReadings): Partial<Readers> {
  return Object.fromEntries(Object.entries(systemReadings(simulated)).map(([key, value]) => [key, async () => value])) as Partial<Readers>;
}

async function watch(widgets: SystemWidget[], readers: Readers, timers: Timers, opts: ThresholdsOptions, io: CliIo, deps: ThresholdsDeps): Promise<number> {
  const scheduler = new Scheduler(timers, { onListenerError: (e) => io.err(`tilebar: ${e instanceof Error ? e.message : String(e)}\n`) });
  let previous = new Map<string, ThresholdRow>();
  let first = true;
  const painter = statePainter(opts, io);
  const pending = new Set(widgets.filter((w) => w.enabled).map((w) => w.source));
  const clock = (wall: number) => new Date(wall).toTimeString().slice(0, 8);

  const stopSignal = deps.stop ?? processStopSignal();
  let status: number = EXIT.ok;
  const done = new Promise<void>((resolve) => {
    if (stopSignal.aborted) resolve();
    stopSignal.addEventListener('abort', () => resolve(), { once: true });
  });

  const off = subscribeSources(scheduler, widgets, readers, (statuses: Statuses, source) => {
    pending.delete(source);
    // The first table waits for every source's first answer, so it is complete.
    if (first && pending.size > 0) return;
    const rows = thresholdRows(widgets, statuses);
    if (first) {
      first = false;
      if (opts.json) for (const row of rows) io.out(`${JSON.stringify({ time: new Date(timers.wallNow()).toISOString(), ...row })}\n`);
      else io.out(`${formatRows(rows, painter)}\nwatching; a line for every change of state (Ctrl-C to stop)\n`);
    } else if (opts.json) {
      for (const row of rows) {
        const old = previous.get(row.key);
        if (old && old.state !== row.state) io.out(`${JSON.stringify({ time: new Date(timers.wallNow()).toISOString(), from: old.state, ...row })}\n`);
      }
    } else {
      for (const line of stateChanges(previous, rows, clock(timers.wallNow()), painter)) io.out(`${line}\n`);
    }
    previous = new Map(rows.map((r) => [r.key, r]));
  });
  scheduler.start();
  await done;
  off();
  scheduler.stop();
  const reason: unknown = stopSignal.reason;
  if (typeof reason === 'string' && Object.hasOwn(SIGNAL_EXIT, reason)) status = SIGNAL_EXIT[reason as keyof typeof SIGNAL_EXIT];
  return status;
}

/** Aborted with the signal's name as the reason, so the exit status can say which (Ctrl-C: 130). */
function processStopSignal(): AbortSignal {
  const controller = new AbortController();
  for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(s, () => controller.abort(s));
  return controller.signal;
}
