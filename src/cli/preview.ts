/**
 * `tilebar preview`: one frame, no terminal needed, deterministic with `--at` and `--set`/`--data`.
 * It reads the machine once for what is not given, but never the network (the Update widget shows only
 * with `--set update=VERSION`), and never starts a process or opens a socket named in the config.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { readFileBytes } from '../io/read-text-file.js';
import { resolve } from 'node:path';
import { DateTime } from 'luxon';
import { CLOCK_LOCALE } from '../time/clock.js';
import { clockZone } from '../time/host-zone.js';
import { stateMonitors, tilerStateFrom, type TilerState } from '../tiler/state.js';
import { resolveVariables } from '../tiler/variables.js';
import { appearanceOf, layoutFor } from '../view/appearance.js';
import { readOnce, systemWidgets, type SourceReaders, type Statuses } from '../app/readings.js';
import { unreadNote, unreadWidgets, type UnreadWidget } from '../view/unread-widgets.js';
import { forcedColourDepth, resolveColourDepth, type ColourChoice, type ColourDepth } from '../colour/depth.js';
import type { Hex } from '../colour/rgb.js';
import type { Variant } from '../config/variant.js';
import type { CellSize } from '../render/cells.js';
import { chooseIconSet, type IconSet } from '../render/icons.js';
import { rowText } from '../render/rows.js';
import { type BarLayout, type SectionName } from '../render/bar-types.js';
import { realTimers } from '../scheduler/timers.js';
import { realZoneSources, resolveSystemZone } from '../time/system-zone.js';
import { VERSION } from '../version.js';
import { quote } from '../text/safe-text.js';
import { wordList } from '../text/word-list.js';
import { EXIT, UsageError, type CliIo } from './io.js';
import { liveReaders } from './live-readers.js';
import { loadBar } from './load-bar.js';
import { chooseMonitorConfig } from './monitor-config.js';
import { readingsFromOptions, readJsonFile } from './render-options.js';
import { BUILTIN_WIDGETS } from '../../widgets/kinds.js';
import type { MediaStatus } from '../media/player.js';
import type { KeyboardStatus } from '../keyboard/status.js';
import type { WidgetRegistry } from '../../widgets/registry.js';
import { BUILTIN_FORMATS, FormatProblem, formatNamed, type FrameToWrite, type PreviewFormat } from '../render/formats.js';

export interface PreviewOptions {
  config?: string;
  /** `--monitor`: the bar of this monitor (cli/monitor-config.ts). */
  monitor?: number;
  variant?: Variant;
  width?: string;
  height?: string;
  /** A format's name in `deps.formats` (src/render/formats.ts). */
  format?: string;
  at?: string;
  set?: string[];
  data?: string;
  color?: ColourChoice;
  terminalBg?: Hex;
  icons?: IconSet;
  cell?: CellSize;
  tilerState?: string;
  /** svg and png: pixels per cell pixel (2 for HiDPI). */
  scale?: string;
  /** png: font files drawn from before the shipped DejaVu Sans Mono (a Nerd Font for its icons). */
  font?: string[];
  /** Write the frame to this file instead of standard output. */
  output?: string;
}

export interface PreviewDeps {
  readers?: SourceReaders;
  /** The widget kinds a config may use: the bar's own unless others are given. */
  widgets?: WidgetRegistry;
  /** The formats a frame may be written in: the bar's own unless others are given. */
  formats?: readonly PreviewFormat[];
}

const positive = (name: string, v: string | undefined, fallback: number) => {
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw new UsageError(`--${name} must be a whole number from 1 to 1000, not "${v}"`);
  return n;
};

export async function previewCommand(opts: PreviewOptions, io: CliIo, deps: PreviewDeps = {}): Promise<number> {
  const format = formatNamed(opts.format ?? (io.isTTY ? 'ansi' : 'text'), deps.formats);
  if (!format) throw new UsageError(`--format ${opts.format ?? ''} is not one of ${(deps.formats ?? BUILTIN_FORMATS).map((f) => f.name).join(', ')}`);
  const givenWidth = opts.width === undefined ? undefined : positive('width', opts.width, 0);
  const scale = scaleOf(opts.scale);
  // A picture's bytes would garble the terminal: into a file or a pipe only.
  if (format.binary && !opts.output && io.isTTY) throw new UsageError(`--format ${format.name} writes binary data: redirect it (> bar.${format.name}) or give --output bar.${format.name}`);
  const widgets = deps.widgets ?? BUILTIN_WIDGETS;
  const { readings, given } = await readingsFromOptions(opts, io, widgets.simulations);
  const choice = await chooseMonitorConfig(opts, io);
  const loaded = await loadBar({ ...opts, config: choice.config }, io, { widgets });
  if (!loaded) return EXIT.configError;
  // With --monitor the bar is drawn as that monitor's, whatever its file says (the Tiler widgets show that monitor).
  const model = choice.monitor === undefined ? loaded.model : { ...loaded.model, monitor: { ...loaded.model.monitor, index: choice.monitor } };
  const look = appearanceOf(model, { widgets, icons: chooseIconSet(opts.icons, io.env, false).set, ...(opts.cell ? { cell: opts.cell } : {}), ...(opts.terminalBg ? { terminalBg: opts.terminalBg } : {}) });
  const height = positive('height', opts.height, look.metrics.rows);

  const { zone } = await resolveSystemZone({ ...realZoneSources(), env: io.env });
  let epochMs = Date.now();
  if (opts.at) epochMs = parseInstant(opts.at, zone);

  // Given readings only; the machine for the rest, unless some were given (then nothing is read).
  let statuses: Statuses = Object.fromEntries(Object.entries(readings).flatMap(([k, v]) => (widgets.sources.has(k) ? [[k, { reading: v }]] : [])));
  // Why the machine's read of a source failed: such a source has no reading, and is not drawn.
  const failed = new Map<string, string>();
  if (!given) {
    // Everything but the Update check: a preview never uses the network.
    const live = deps.readers ?? liveReaders(io, realTimers, widgets);
    const read = await readOnce(systemWidgets(model, widgets, VERSION), { ...live, update: undefined });
    // A read that failed gave no reading: its widgets are left out and named, as where there is no reader, on
    // every platform. (Windows reads Network and Battery through a PowerShell helper; where that cannot start,
    // the error alone drew Network as empty boxes and Battery as a red `?` that Linux never shows.)
    for (const [source, status] of Object.entries(read)) {
      if (status?.reading !== undefined) statuses = { [source]: status, ...statuses };
      else if (status?.error) failed.set(source, status.error);
    }
  }

  const tiler = opts.tilerState === undefined ? undefined : await savedTilerState(opts.tilerState, model.monitor.index, io);
  // Without a saved state a preview has no window manager, and says so as the bar does where there is none.
  const tilerOptions = { exists: (p: string) => existsSync(p), resolvePath: (p: string) => resolveVariables(p, io.env, io.platform), ...(tiler ? {} : { noManager: true }) };
  // Media and Keyboard show what --set gives them; a preview never asks a player or the session.
  // What the media and keyboard kinds' simulations made (widgets/media, widgets/keyboard).
  const events = { ...(readings.media ? { media: readings.media as MediaStatus } : {}), ...(readings.keyboard ? { keyboard: readings.keyboard as KeyboardStatus } : {}) };
  const layoutAt = (width: number) => layoutFor(model, look, { statuses, clock: { epochMs, systemZone: zone }, ...(tiler ? { tiler } : {}), tilerOptions, ...events }, { width, height }, VERSION);
  const layout = layoutAt(givenWidth ?? Math.min(naturalWidth(layoutAt), io.columns ?? MAX_WIDTH));
  // What had no reading is not drawn, as in the bar before its first reading: said, so nothing vanishes unexplained.
  const unread = unreadWidgets(model, widgets, (reading) => statuses[reading] !== undefined || reading in events, (reading) => failed.get(reading));
  const frame: FrameToWrite = {
    layout,
    // Text and ansi are rendered by the bar's Ink components (renderToString), as the live bar is.
    drawn: async (how) => {
      const { renderFrame } = await import('../pane/ink/frame.js');
      return how === 'plain' ? renderFrame(layout, 'none', true, widgets) : renderFrame(layout, previewDepth(opts.color ?? 'auto', io), false, widgets);
    },
    // Exact palette colours on the cell grid; the config's font first, then the one shipped for pictures.
    picture: { cell: look.metrics.cell, scale, fonts: [...(model.fontFamily ? [model.fontFamily] : []), 'DejaVu Sans Mono'], background: look.backgrounds.terminal, foreground: look.theme.colours.text },
    fontFiles: () => Promise.all((opts.font ?? []).map((f) => readFontFile(resolve(io.cwd, f), f))),
    document: () => previewJson(layout, look.theme.source, epochMs, zone, unread),
  };
  const data = await format.write(frame).catch((e: unknown) => {
    throw e instanceof FormatProblem ? new UsageError(e.message) : e;
  });
  await output(opts.output, io)(data);
  // Beside the frame, never in it (stdout is the picture), and only once a frame is drawn: an option the picture
  // cannot be made with is the one thing said then.
  const note = format.notes ? unreadNote(unread, given) : undefined;
  if (note) io.err(note);
  return EXIT.ok;
}

const MAX_WIDTH = 1000;

/**
 * The Tiler widgets' state from `--tiler-state`: a preview never talks to the window manager. A state without
 * the bar's monitor (one saved on a desk with fewer monitors, or the README's one-monitor example under a
 * monitor-1 config) shows its first monitor, said on stderr: nothing is connected or not in a preview.
 */
async function savedTilerState(file: string, monitor: number, io: CliIo): Promise<TilerState> {
  const doc = await readJsonFile(resolve(io.cwd, file), `--tiler-state ${file}`);
  const present = stateMonitors(doc);
  const shown = present.length === 0 || present.includes(monitor) ? monitor : (present[0] ?? monitor);
  const r = tilerStateFrom(doc, shown);
  if (!r.ok) throw new UsageError(`--tiler-state ${file}: ${r.problem}`);
  if (shown !== monitor) io.err(`tilebar: --tiler-state ${file} has no monitor ${monitor} (it has ${wordList(present.map(String), 'and')}); its monitor ${shown} is shown in monitor ${monitor}'s bar\n`);
  return r.state;
}

/**
 * The width a preview takes when none is given: the narrowest at which nothing gives way (no label shortened,
 * no unit dropped), so the bar is shown whole with no blank columns between its sections; in a terminal, at
 * most the terminal's width. Found by bisection: what gives way only grows as the width shrinks.
 */
export function naturalWidth(layoutAt: (width: number) => Pick<BarLayout, 'gaveWay'>): number {
  let lo = 1;
  let hi = MAX_WIDTH;
  if (layoutAt(hi).gaveWay.length > 0) return hi;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (layoutAt(mid).gaveWay.length === 0) hi = mid;
    else lo = mid + 1;
  }
  return hi;
}

/** A `--font` file's bytes, or a usage error saying why not (at most 64 MiB: no font is larger). */
async function readFontFile(path: string, given: string): Promise<Uint8Array> {
  const read = await readFileBytes(path, 64 * 1024 * 1024);
  if (!read.ok) throw new UsageError(`--font ${given}: ${read.problem}`);
  if (!isFontFile(read.bytes)) throw new UsageError(`--font ${given}: not a TrueType or OpenType font; give a .ttf, .otf or .ttc file (a Nerd Font's, for its icons)`);
  return read.bytes;
}

/**
 * Whether bytes are a font the PNG renderer reads: a TrueType or OpenType file (sfnt version 1.0, `true`,
 * `OTTO`) with a plausible table count, or a collection (`ttcf`). Anything else was drawn as nothing, silently.
 */
export function isFontFile(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  const tag = Buffer.from(bytes.subarray(0, 4)).toString('latin1');
  if (tag === 'ttcf') return true;
  const sfnt = tag === '\x00\x01\x00\x00' || tag === 'true' || tag === 'OTTO';
  const tables = (bytes[4] ?? 0) * 256 + (bytes[5] ?? 0);
  return sfnt && tables >= 1 && tables <= 256 && bytes.length >= 12 + tables * 16;
}

/** Where the frame goes: `--output FILE`, else standard output (binary only where it can take bytes). */
function output(file: string | undefined, io: CliIo): (data: string | Uint8Array) => Promise<void> {
  return async (data) => {
    if (file) {
      await writeFile(resolve(io.cwd, file), data).catch((e: NodeJS.ErrnoException) => {
        throw new UsageError(`--output ${file}: cannot write it (${e.code ?? e.message})`);
      });
    } else if (typeof data === 'string') io.out(data);
    else if (io.outBytes) io.outBytes(data);
    else throw new UsageError('a PNG cannot be written here; give --output FILE');
  };
}

/**
 * The colours of `--format ansi`: `--color` when given; else none under NO_COLOR (or FORCE_COLOR=0), what the
 * terminal shows when printing to one, and 24-bit into a pipe or file — asking for ansi there asks for colours.
 */
function previewDepth(choice: ColourChoice, io: CliIo): ColourDepth {
  if (choice !== 'auto') return choice;
  if (io.isTTY) return resolveColourDepth('auto', { env: io.env, isTTY: true, platform: io.platform });
  const forced = forcedColourDepth(io.env.FORCE_COLOR);
  return (io.env.NO_COLOR ?? '') !== '' || forced === 'none' ? 'none' : 'truecolor';
}

/** `--scale`: 1 to 8, fractions allowed (1.5 for a 150 % display). */
function scaleOf(v: string | undefined): number {
  if (v === undefined) return 1;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 1 || n > 8) throw new UsageError(`--scale must be a number from 1 to 8, not "${v}"`);
  return n;
}

/** Real time zones are 12 hours behind UTC to 14 ahead; an offset outside that is a typo, not a place. */
const OFFSET_MINUTES = { min: -12 * 60, max: 14 * 60 };

/** `--at`: an ISO-8601 instant, in `zone` unless it carries an offset of a real time zone. */
export function parseInstant(text: string, zone: string): number {
  const at = DateTime.fromISO(text, { zone: clockZone(zone), setZone: true, locale: CLOCK_LOCALE });
  if (!at.isValid) throw new UsageError(`--at must be an ISO-8601 time like 2024-09-08T09:05:03, not ${quote(text)}`);
  if (at.offset < OFFSET_MINUTES.min || at.offset > OFFSET_MINUTES.max) {
    throw new UsageError(`--at ${quote(text)}: the offset ${at.toFormat('ZZ')} is not one of a time zone (from -12:00 to +14:00)`);
  }
  return at.toMillis();
}

function previewJson(layout: BarLayout, theme: string, epochMs: number, zone: string, missing: readonly UnreadWidget[]) {
  const sections: Record<SectionName, Array<{ position: string; kind: string; units: unknown[] }>> = { left: [], center: [], right: [] };
  for (const u of layout.placed) {
    const list = sections[u.section];
    let widget = list.find((w) => w.position === u.position);
    if (!widget) {
      widget = { position: u.position, kind: u.kind, units: [] };
      list.push(widget);
    }
    widget.units.push({ id: u.id, name: u.name, text: u.text, state: u.state, ...(u.why ? { why: u.why } : {}), x: u.x, width: u.width, colours: u.colours });
  }
  return {
    width: layout.width,
    height: layout.height,
    at: new Date(epochMs).toISOString(),
    zone,
    theme,
    sections,
    gaveWay: layout.gaveWay,
    rows: layout.rows.map((r) => rowText(r)),
    /** Widgets not drawn for want of a reading, and the `--set` keys that give one. */
    missing,
  };
}
