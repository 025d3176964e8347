/** `tilebar thresholds`: every system widget's value against its thresholds, and the resulting state. */
import type { Variant } from '../config/variant.js';
import { Scheduler } from '../scheduler/scheduler.js';
import { realTimers, type Timers } from '../scheduler/timers.js';
import {
  formatRows,
  formatRuleTable,
  readOnce,
  stateChanges,
  subscribeSources,
  systemWidgets,
  thresholdRows,
  type RowState,
  type SourceReaders,
  type StatePainter,
  type Statuses,
  type SystemWidget,
  type ThresholdRow,
} from '../app/readings.js';
import type { ColourChoice } from '../colour/depth.js';
import { paint, type TextStyle } from '../colour/sgr.js';
import { colourDepthFor } from './colour-options.js';
import { SettingError, simulatedReadings, type SimulatedReadings } from '../thresholds/simulate.js';
import { VERSION } from '../version.js';
import { EXIT, SIGNAL_EXIT, UsageError, type CliIo } from './io.js';
import { chooseMonitorConfig } from './monitor-config.js';
import { liveReaders } from './live-readers.js';
import { loadBar } from './load-bar.js';
import { BUILTIN_WIDGETS } from '../../widgets/kinds.js';
import type { WidgetRegistry } from '../../widgets/registry.js';
import { wordList } from '../text/word-list.js';

export interface ThresholdsOptions {
  rules?: boolean;
  config?: string;
  /** `--monitor N`: the bar komorebi.json's bar_configurations lists for monitor N (monitor-config.ts). */
  monitor?: number;
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
  readers?: SourceReaders;
  /** The widget kinds a config may use: the bar's own unless others are given. */
  widgets?: WidgetRegistry;
  timers?: Timers;
  /** Ends a `--watch` run; without it, SIGINT/SIGTERM do. */
  stop?: AbortSignal;
}

export async function thresholdsCommand(opts: ThresholdsOptions, io: CliIo, deps: ThresholdsDeps = {}): Promise<number> {
  const kinds = deps.widgets ?? BUILTIN_WIDGETS;
  if (opts.rules) {
    const byId = Object.fromEntries(kinds.rules.map(({ id, ...rule }) => [id, rule]));
    io.out(opts.json ? `${JSON.stringify(byId, null, 2)}\n` : formatRuleTable(kinds.rules));
    return EXIT.ok;
  }
  let simulated: SimulatedReadings;
  try {
    simulated = simulatedReadings(opts.set ?? [], kinds.simulations);
  } catch (e) {
    if (e instanceof SettingError) throw new UsageError(e.message);
    throw e;
  }
  const chosen = await chooseMonitorConfig(opts, io);
  const loaded = await loadBar({ ...opts, ...(chosen.config !== undefined ? { config: chosen.config } : {}) }, io, { widgets: kinds });
  if (!loaded) return EXIT.configError;
  const widgets = systemWidgets(loaded.model, kinds, VERSION);
  if (widgets.length === 0) {
    io.out(`${loaded.label} has no ${listed(kinds.kinds.filter((k) => k.poll).map((k) => k.name))} widget: there are no thresholds to show\n`);
    return EXIT.ok;
  }
  const timers = deps.timers ?? realTimers;
  const simulatedOnly = (opts.set ?? []).length > 0 && !opts.watch;
  const fixed = fixedReaders(simulated, kinds);

  if (!opts.watch) {
    // With --set, nothing is read from the machine: sources not given are reported as not read.
    const readers = simulatedOnly ? fixed : { ...(deps.readers ?? liveReaders(io, timers, kinds, opts.updateUrl)), ...fixed };
    const statuses = await readOnce(widgets, readers);
    const rows = thresholdRows(widgets, statuses, (source) => `simulated run: no --set for ${hintFor(kinds, source)}`);
    io.out(opts.json ? `${JSON.stringify(rows, null, 2)}\n` : formatRows(rows, statePainter(opts, io)));
    return EXIT.ok;
  }
  return watch(widgets, { ...(deps.readers ?? liveReaders(io, timers, kinds, opts.updateUrl)), ...fixed }, timers, opts, io, deps);
}

/** `Battery, Cpu or Update`. */
const listed = (names: readonly string[]) => (names.length > 0 ? wordList(names, 'or') : 'polled');

/** What to give to simulate a source: its kinds' hints (`memory=N`). */
function hintFor(kinds: WidgetRegistry, source: string): string {
  return kinds.kinds.flatMap((k) => (k.poll?.source === source && k.simulation ? [k.simulation.hint] : [])).join(' or ') || source;
}

/** The simulated readings of the poll sources as readers that answer them. */
function fixedReaders(simulated: SimulatedReadings, kinds: WidgetRegistry): SourceReaders {
  return Object.fromEntries(Object.entries(simulated).flatMap(([key, value]) => (kinds.sources.has(key) ? [[key, async () => value]] : [])));
}

async function watch(widgets: SystemWidget[], readers: SourceReaders, timers: Timers, opts: ThresholdsOptions, io: CliIo, deps: ThresholdsDeps): Promise<number> {
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
