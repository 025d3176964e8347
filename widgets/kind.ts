/**
 * What a widget kind is: everything the bar, `preview`, `thresholds`, `check` and the feeds need to know of it,
 * in one value. Each kind is a folder (`widgets/<kind>/`) whose `index.ts` exports one `WidgetKind`; the list
 * of kinds is `widgets/kinds.ts`, and everything that used to repeat it derives from a registry made of that
 * list (`registry.ts`), passed in rather than imported.
 */
import type * as z from 'zod';
import type { SchemaKit } from '../src/config/schema/widget-kit.js';
import type { ConfigWidgetKind, WidgetConfig } from '../src/config/widget-kinds.js';
import type { Variant } from '../src/config/variant.js';
import type { Sleep } from '../src/system/sampler.js';
import type { ClockReading } from '../src/time/clock.js';
import type { TilerState } from '../src/tiler/state.js';
import type { MediaStatus } from '../src/media/player.js';
import type { KeyboardStatus } from '../src/keyboard/status.js';
import type { IconSet } from './icons.js';
import type { ThresholdRule } from '../src/thresholds/rules.js';
import type { FunctionComponent } from 'react';
import type { RunsProps, SourceStatus, UnitView } from './view.js';
import type { TilerViewOptions } from './tiler/view.js';

/** One read of one source; honours `signal` (aborted on timeout or shutdown). */
export type Reader<T> = (signal: AbortSignal) => Promise<T>;

/** What a kind's own reader may use (the machine's readers are built from the same, src/system/readers.ts). */
export interface ReaderEnvironment {
  platform: NodeJS.Platform;
  sleep: Sleep;
  /** Monotonic milliseconds, for rates. */
  now: () => number;
}

/** Each source's latest status, by source name: a failure keeps the last good reading beside the error. */
export type Statuses = Readonly<Record<string, SourceStatus<unknown> | undefined>>;

/** Everything a view may read: the store's snapshot of one moment, and how the bar is drawn. */
export interface ViewContext {
  readonly statuses: Statuses;
  readonly clock: ClockReading;
  /** The bar's height in rows (a tall bar draws binary clocks as grids). */
  readonly rows: number;
  readonly variant: Variant;
  /** This program's version (the Update widget compares with it). */
  readonly version: string;
  readonly icons: IconSet;
  readonly tiler?: TilerState;
  readonly tilerOptions?: TilerViewOptions;
  readonly media?: MediaStatus;
  readonly keyboard?: KeyboardStatus;
}

/** Where a widget sits on the bar: its position (`left[0]`) and whether it is the first widget of its kind. */
export interface WidgetPlace {
  readonly position: string;
  readonly firstOfKind: boolean;
}

/** A kind read by polling a source on an interval (the scheduler's job). */
export interface PollBinding<C> {
  /** The source's name: widgets of kinds that share a source share its polls. */
  readonly source: string;
  /** How long one poll may take before it is abandoned and retried. */
  readonly timeoutMs: number;
  /** How often this widget wants its source read; 0 = every heartbeat (1 s). */
  intervalMs(config: C): number;
  /**
   * The source's reader, for a source this kind brings itself; the machine's built-in sources (cpu, memory,
   * network, disks, battery, update) are read by `src/system/`.
   */
  reader?(env: ReaderEnvironment): Reader<unknown>;
}

/** `--set KEY=VALUE` for `preview` and `thresholds`: readings given instead of read. */
export interface Simulation {
  /** The keys, as the help lists them (`storage.<mount>`: a key with a part the user names). */
  readonly keys: readonly string[];
  /** A setting as the help and `thresholds` show it: `cpu=N`, `network.received=BYTES …`. */
  readonly hint: string;
  /**
   * The reading its settings fill, when that is not its poll's source: an event source's (`media`,
   * `keyboard`). `preview` names a widget whose reading is missing by it.
   */
  readonly fills?: string;
  /**
   * Apply one setting to the readings being built (by source name, plus `media` and `keyboard`); false when the
   * key is not this kind's. Throws `SettingError` with what was expected for a value it cannot take.
   */
  set(readings: Record<string, unknown>, key: string, value: string): boolean;
  /** Runs once after every setting, to finish what settings build up (rates need both directions). */
  finish?(readings: Record<string, unknown>): void;
}

/** `C`: its config as the model holds it; `P`: as its schema parses it, when `normalise` makes one of the other. */
export interface WidgetKind<C = WidgetConfig, P = C> extends Omit<ConfigWidgetKind, 'normalise' | 'enabled'> {
  normalise?(parsed: P): C;
  enabled?(config: C): boolean;
  /** Its poll, for kinds read from a source on an interval. */
  readonly poll?: PollBinding<C>;
  /** How often its text can change with the clock alone (the clocks: a second or a minute). */
  clockStepMs?(config: C): number;
  /** Its own Ink component for a unit; kinds that draw alike share one (named after the kind). */
  readonly component?: FunctionComponent<RunsProps>;
  /**
   * What the widget shows: units, each with its state and why. Pure. `place` says where it sits, for a kind
   * that says something once for the whole bar (the first of its kind says it, the others keep quiet).
   */
  view(config: C, ctx: ViewContext, place?: WidgetPlace): UnitView[];
  /**
   * What its view reads from the context: the units are made again only when one of these changed (by
   * identity), so a frame where only the time moved rebuilds only the clocks.
   */
  inputs(config: C, ctx: ViewContext, position: string): readonly unknown[];
  /**
   * The most click targets its units show at once when that is more than its units (Media's buttons): a host
   * that gives each its own place (Waybar's modules, made once by `--print-config`) makes that many.
   */
  mostBlocks?(config: C): number;
  /** Its threshold rules (what `thresholds --rules` lists; its view checks them). */
  readonly rules?: readonly ThresholdRule[];
  readonly simulation?: Simulation;
  /** Why it would show nothing on this machine (`check` warns at the widget), or undefined; loads what it asks lazily. */
  unavailable?(machine: Machine): Promise<string | undefined>;
  /** One line of help for `--set`, when it has a simulation. */
  readonly help?: string;
}

/** What `check` knows of the machine it runs on. */
export interface Machine {
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  exists(path: string): boolean;
}

/**
 * A kind with its config's type, as its folder writes it; the registry holds it with the type erased (every
 * function of a kind is called only with configs its own schema and `normalise` made).
 */
export function defineKind<C, P = C>(kind: WidgetKind<C, P> & { schema(kit: SchemaKit): z.ZodType<P, unknown> }): WidgetKind {
  return kind as unknown as WidgetKind;
}

/** Whether a widget shows at all: its kind's own rule (the Tiler has no `enable` of its own), else its `enable`. */
export function widgetEnabled(kind: WidgetKind, config: WidgetConfig): boolean {
  return kind.enabled ? kind.enabled(config) : config.enable === true;
}

/** A poll source's status for a view: nothing read yet is an empty status. */
export function statusOf<R>(ctx: ViewContext, source: string): SourceStatus<R> {
  return (ctx.statuses[source] ?? {}) as SourceStatus<R>;
}

/** `data_refresh_interval` in seconds (0 = every heartbeat), the interval most polled kinds use. */
export const everySeconds = (config: { data_refresh_interval: number }): number => config.data_refresh_interval * 1000;
