/**
 * `tilebar check`: validate config files and explain every problem, as a compiler does —
 * `bar.json:14:30: error: right_widgets[3].Cpu.auto_select_over: expected an integer 0–255, found 300` — so
 * editors' problem matchers read it; sorted by position, coloured on a terminal (plain when piped or under
 * NO_COLOR). `--fix` repairs what it safely can; `-` reads standard input; `--json` prints an array of
 * reports, one per file, however many files.
 */
import { writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ColourChoice } from '../colour/depth.js';
import { MAX_PATH_SHOWN, type BarConfigurationProblem, type BarConfigurations } from '../config/bar-configurations.js';
import { configLabel, discoverConfig, discoveryEnv, passedOverLine } from '../config/discover.js';
import { barConfigurationsIo, readBarConfigurations } from '../config/read-bar-configurations.js';
import { applyFixes } from '../config/fix.js';
import { MAX_CONFIG_BYTES } from '../config/limits.js';
import { loadConfigText, type LoadResult } from '../config/load.js';
import type { BarModel, WidgetModel } from '../config/model.js';
import { countBySeverity, formatProblem, type Problem } from '../config/problem.js';
import { withoutBom } from '../config/source.js';
import type { Variant } from '../config/variant.js';
import { readStdin, readTextFile, type ReadOutcome } from '../io/read-text-file.js';
import { SUPPORTED_WORDS } from './node-floor.js';
import { runtimeDirPath, runtimeDirPlaces, runtimeDirTrouble, type RuntimeDirPlaces } from '../io/runtime-dir.js';
import { userHome } from '../io/user-dirs.js';
import { refusedInboxes } from '../feeds/click-inbox.js';
import { displayText } from '../text/safe-text.js';
import { colourDepthFor } from './colour-options.js';
import { sourceWarnings } from './check-sources.js';
import { managerForCheck, tilerWarnings } from './check-tiler.js';
import type { Detected } from '../tiler/detect.js';
import type { WindowManager } from '../tiler/managers.js';
import { EXIT, UsageError, type CliIo } from './io.js';
import { chooseMonitorConfig } from './monitor-config.js';
import { BUILTIN_WIDGETS } from '../../widgets/kinds.js';
import type { WidgetRegistry } from '../../widgets/registry.js';

export interface CheckOptions {
  variant?: Variant;
  json?: boolean;
  fix?: boolean;
  config?: string;
  /** `--monitor N`: the config komorebi.json's bar_configurations lists for monitor N, alone (monitor-config.ts). */
  monitor?: number;
  quiet?: boolean;
  color?: ColourChoice;
  /** `--tiler`: check against this window manager instead of the one found here. */
  tiler?: string;
}

export interface CheckDeps {
  /** Standard input, for `-` (tests give a stream). */
  stdin?: NodeJS.ReadableStream;
  /** The widget kinds a config may use: the bar's own unless others are given. */
  widgets?: WidgetRegistry;
  /** The window managers `--tiler` and detection choose from: the bar's own unless others are given. */
  managers?: readonly WindowManager[];
}

interface FileReport {
  file: string;
  variant: Variant;
  variantSource: string;
  ok: boolean;
  counts: ReturnType<typeof countBySeverity>;
  problems: Problem[];
  fixed?: Problem[];
  /** The window manager `run` would talk to here, and why. */
  tiler: Detected;
  /** Why the feeds' private directory here, or a click file in it, is refused (io/runtime-dir.ts, feeds/click-inbox.ts). */
  feedsTrouble: string[];
  /** The Node this check ran on, and what tilebar runs on (node-floor.ts). */
  runtime: { node: string; runsOn: string };
  /** When the file is an entry of komorebi.json's bar_configurations: which, and the monitor its bar is on (null: it names none). */
  barConfiguration?: { komorebiJson: string; index: number; monitor: number | null };
}

/** `--json`'s report of komorebi.json's bar_configurations, before the reports of the files it lists. */
interface KomorebiReport {
  /** komorebi.json, or `$KOMOREBI_CONFIG_HOME` when that names no folder. */
  file: string;
  komorebiJson: true;
  ok: boolean;
  counts: ReturnType<typeof countBySeverity>;
  problems: BarConfigurationProblem[];
}

/** A file to check: a path, how messages name it, and where komorebi.json lists it. */
interface Target {
  path: string;
  label: string;
  stdin?: boolean;
  listed?: NonNullable<FileReport['barConfiguration']>;
}

/** The files named, else komorebi.json's bar_configurations (all of them), else the one discovered config. */
interface Targets {
  targets: Target[];
  /** What komorebi.json lists, when no file was named; its problems are said before the files are checked. */
  komorebi?: BarConfigurations;
}

/** `--fix` runs again on what it fixed: one insertion per object is made per run. */
const FIX_PASSES = 4;

/** Problems in the order of the file (then errors before warnings before notes at one place). */
const RANK = { error: 0, warning: 1, note: 2 } as const;
export function byPosition(a: Problem, b: Problem): number {
  return a.line - b.line || a.col - b.col || RANK[a.severity] - RANK[b.severity];
}

/**
 * What to check: the files named; without one, `--config`; without it, every bar config komorebi.json lists in
 * bar_configurations (read-bar-configurations.ts); without a list, the config discovery finds.
 */
async function checkTargets(files: string[], opts: CheckOptions, io: CliIo): Promise<Targets> {
  if (files.length > 0) return { targets: files.map((f) => (f === '-' ? { path: '-', label: '<stdin>', stdin: true } : { path: resolve(io.cwd, f), label: f })) };
  if (opts.monitor !== undefined) {
    // One monitor's bar: its listed config (a usage error naming the monitors that have one when it has none).
    const chosen = await chooseMonitorConfig(opts, io);
    const { monitor: _monitor, ...rest } = opts;
    if (chosen.config !== undefined) return checkTargets([], { ...rest, config: chosen.config }, io);
  }
  const komorebi = opts.config ? undefined : await readBarConfigurations(barConfigurationsIo(io.env, io.platform, io.cwd));
  const said = !opts.json && !opts.quiet;
  if (komorebi?.listed && komorebi.komorebiJson) {
    const at = komorebi.komorebiJson;
    if (said) io.err(`tilebar: using the bar_configurations of ${at}: ${plural(komorebi.read.length, 'file')} to check\n`);
    const monitorOf = (index: number) => komorebi.configs.find((c) => c.index === index)?.monitor ?? null;
    // A listed path is komorebi.json's text: shown cleaned of control characters, as any text read is.
    return { komorebi, targets: komorebi.read.map((r) => ({ path: r.path, label: displayText(r.path, MAX_PATH_SHOWN), listed: { komorebiJson: at, index: r.index, monitor: monitorOf(r.index) } })) };
  }
  const found = discoverConfig(opts.config, discoveryEnv(io.env, io.platform));
  if (said) {
    for (const p of found.passedOver ?? []) io.err(`tilebar: ${passedOverLine(p)}\n`);
    io.err(`tilebar: using ${found.embedded ? `the embedded default config (${found.passedOver ? 'no other config file may be used' : 'no config file was found'})` : `${found.path} (${found.reason})`}\n`);
  }
  return { targets: [{ path: found.path, label: configLabel(found) }], ...(komorebi ? { komorebi } : {}) };
}

/**
 * komorebi.json's problems that `check` says itself: all but those about what a file it checks holds (its JSON,
 * its "monitor", "monitor_index"), which that file's own report says, located in it.
 */
function listingProblems(komorebi: BarConfigurations | undefined): BarConfigurationProblem[] {
  const checked = new Set(komorebi?.read.map((r) => r.index));
  return (komorebi?.problems ?? []).filter((p) => !((p.topic === 'content' || p.topic === 'monitor-index') && p.entry !== undefined && checked.has(p.entry)));
}

/** komorebi.json's problems as check prints its own, and for --json its report. */
function reportListing(io: CliIo, komorebi: BarConfigurations | undefined, opts: CheckOptions, paint: Paint): KomorebiReport | undefined {
  const problems = listingProblems(komorebi);
  if (problems.length === 0) return undefined;
  const counts = countBySeverity(problems);
  if (!opts.json) {
    for (const p of problems) {
      if (opts.quiet && p.severity !== 'error') continue;
      // As formatBarConfigurationProblem words it, painted as the files' problems are.
      const where = p.file === undefined ? '' : `${paint('where', `${p.file}:${p.line}:${p.col}:`)} `;
      io.out(`${where}${paint(p.severity, `${p.severity}:`)} ${p.path ? `${p.path}: ` : ''}${p.message}\n`);
      if (p.hint) io.out(`${paint('hint', `  hint: ${p.hint}`)}\n`);
    }
  }
  return { file: komorebi?.komorebiJson ?? '$KOMOREBI_CONFIG_HOME', komorebiJson: true, ok: counts.error === 0, counts, problems };
}

export async function checkCommand(files: string[], opts: CheckOptions, io: CliIo, deps: CheckDeps = {}): Promise<number> {
  const widgets = deps.widgets ?? BUILTIN_WIDGETS;
  const { targets, komorebi } = await checkTargets(files, opts, io);
  if (opts.fix && targets.some((t) => t.stdin)) throw new UsageError('--fix rewrites files in place; it cannot fix standard input');
  if (targets.filter((t) => t.stdin).length > 1) throw new UsageError('standard input (-) can be checked once');

  const tiler = await managerForCheck(opts.tiler, io.env, io.platform, deps.managers);
  // Where the feeds' hosts would write clicks on this machine, only looked at (nothing is made).
  const feedsTrouble = io.platform === 'win32' ? [] : feedsTroubleHere(runtimeDirPlaces(io.env, io.platform, userHome(io.env, io.platform)));
  const paint = painter(colourDepthFor(opts, io) !== 'none');
  const listing = reportListing(io, komorebi, opts, paint);
  const reports: FileReport[] = [];
  let unreadable = 0;
  for (const target of targets) {
    if (target.listed && !opts.json && !opts.quiet) io.out(`${servesLine(target.listed, target.label)}\n`);
    const read: ReadOutcome = target.stdin
      ? await readStdin(deps.stdin ?? process.stdin, MAX_CONFIG_BYTES)
      : await readTextFile(target.path, { maxBytes: MAX_CONFIG_BYTES, streams: true });
    if (!read.ok) {
      // One file that cannot be read does not stop the others; the status says so (2) at the end.
      unreadable++;
      io.err(`tilebar: cannot read ${target.label}: ${read.problem}\n`);
      continue;
    }
    const text = read.text;
    const loadOpts = { kinds: widgets, ...(opts.variant ? { variant: opts.variant } : {}) };
    let result = loadConfigText(text, target.label, loadOpts);
    let fixed: Fixed[] | undefined;
    if (opts.fix) {
      let current = text;
      const applied: Fixed[] = [];
      for (let pass = 0; pass < FIX_PASSES; pass++) {
        const fixes = applyFixes(current, result.problems);
        if (fixes.applied.length === 0) break;
        applied.push(...fixes.applied.map((p) => ({ ...p, was: withoutBom(current).slice(p.fix?.offset ?? 0, (p.fix?.offset ?? 0) + (p.fix?.length ?? 0)) })));
        current = fixes.text;
        result = loadConfigText(current, target.label, loadOpts);
      }
      if (applied.length > 0) await writeFile(target.path, current, 'utf8');
      fixed = applied;
    }
    const problems = [...result.problems, ...(await sourceWarnings(result, widgets, { platform: io.platform, env: io.env, exists: existsSync })), ...(await tilerWarnings(result, tiler.manager, io.platform, deps.managers))].sort(byPosition);
    const report: FileReport = {
      file: target.label,
      variant: result.variant,
      variantSource: result.variantSource,
      ok: result.model !== undefined,
      counts: countBySeverity(problems),
      problems,
      tiler,
      feedsTrouble,
      runtime: { node: process.version, runsOn: SUPPORTED_WORDS },
    };
    if (target.listed) report.barConfiguration = target.listed;
    if (fixed) report.fixed = fixed.map(({ fix, line, col, path, message }) => ({ severity: 'note', line, col, path, message, ...(fix ? { fix } : {}) }));
    reports.push(report);
    if (!opts.json) printReport(io, result, report, fixed, opts, paint);
  }
  if (opts.json) io.out(`${JSON.stringify(listing ? [listing, ...reports] : reports, null, 2)}\n`);
  else if ((reports.length + unreadable > 1 || listing) && !opts.quiet) {
    const bad = reports.filter((r) => !r.ok).length;
    const listed = listing ? `; ${listing.file}: ${[plural(listing.counts.error, 'error'), plural(listing.counts.warning, 'warning')].join(', ')}` : '';
    io.out(`${plural(reports.length + unreadable, 'file')}: ${reports.length - bad} loaded, ${bad} rejected${unreadable ? `, ${unreadable} unreadable` : ''}${listed}\n`);
  }
  if (unreadable > 0) return EXIT.usage;
  // An entry of bar_configurations that names no file komorebi could start a bar with fails the check too.
  return reports.every((r) => r.ok) && (listing?.ok ?? true) ? EXIT.ok : EXIT.configError;
}

/** Before a listed file's report: which entry it is and which monitor its bar is on. */
function servesLine(listed: NonNullable<FileReport['barConfiguration']>, label: string): string {
  const on = listed.monitor === null ? 'names no monitor it can be on' : `is the bar of monitor ${listed.monitor}`;
  return `${label}: ${on} (bar_configurations[${listed.index}])`;
}

type Paint = (style: 'error' | 'warning' | 'note' | 'where' | 'caret' | 'hint', text: string) => string;

/** gcc's colours: the place in bold, the severity in bold red, magenta or cyan, the caret in green. */
function painter(colour: boolean): Paint {
  const codes = { error: '1;31', warning: '1;35', note: '1;36', where: '1', caret: '32', hint: '2' } as const;
  return (style, text) => (colour ? `\x1b[${codes[style]}m${text}\x1b[0m` : text);
}

type Fixed = Problem & { was: string };

/** `1 error and 2 warnings`, naming only the kinds there are. */
const leftCounts = (error: number, warning: number) => [error && plural(error, 'error'), warning && plural(warning, 'warning')].filter(Boolean).join(' and ');

/** Where the problems --fix left say what to do: only a problem printed with a hint has one to point at. */
function whatToDo(problems: readonly Problem[]): string {
  const left = problems.filter((p) => p.severity !== 'note');
  const hinted = left.filter((p) => p.hint).length;
  if (hinted === left.length) return '(each hint above says what to do)';
  if (hinted === 0) return '(each message above says what was expected there)';
  return '(above: what was expected at each, and a hint where there is one)';
}

function printReport(io: CliIo, result: LoadResult, report: FileReport, fixed: Fixed[] | undefined, opts: CheckOptions, paint: Paint) {
  if (!opts.quiet) {
    for (const p of fixed ?? []) {
      const change = p.was === '' ? `added ${shown((p.fix?.content ?? '').replace(/^,?\s*/, ''))}` : `${shown(p.was)} → ${shown(p.fix?.content ?? '')}`;
      io.out(`${paint('where', `${report.file}:${p.line}:${p.col}:`)} ${paint('note', 'fixed:')} ${p.path}: ${change}\n`);
    }
  }
  for (const p of report.problems) {
    if (opts.quiet && p.severity !== 'error') continue;
    const [head = '', ...rest] = formatProblem(report.file, p).split('\n');
    const where = `${report.file}:${p.line}:${p.col}:`;
    const tag = `${p.severity}:`;
    io.out(`${paint('where', where)} ${paint(p.severity, tag)}${head.slice(where.length + 1 + tag.length)}\n`);
    for (const line of rest) io.out(`${paint('hint', line)}\n`);
    if (p.severity === 'error' && !opts.quiet) {
      const [source = '', caret = ''] = result.source.excerpt({ line: p.line, col: p.col }).split('\n');
      io.out(`    ${source}\n    ${caret.replace(/\^+$/, (c) => paint('caret', c))}\n`);
    }
  }
  if (opts.quiet) return;
  const { error, warning, note } = report.counts;
  if (fixed) {
    // What --fix did and did not do, in one line: the problems left are the ones above, each with its hint.
    const left = error + warning;
    const changed = fixed.length === 0 ? 'changed nothing' : `changed ${plural(fixed.length, 'thing')} (above)`;
    io.out(`${report.file}: --fix ${changed}; ${left === 0 ? 'nothing is left to fix' : `left ${leftCounts(error, warning)} it cannot decide for you ${whatToDo(report.problems)}`}\n`);
  }
  const tail = [plural(error, 'error'), plural(warning, 'warning'), plural(note, 'note')].join(', ');
  if (result.model) {
    io.out(`${report.file}: ok (variant ${report.variant} from ${report.variantSource}; ${tail})\n${summarise(result.model)}\n`);
    if (usesTiler(result.model)) io.out(`  window manager here: ${report.tiler.manager} (${report.tiler.why})\n`);
    io.out(`  Node here: ${report.runtime.node}; tilebar runs on ${report.runtime.runsOn}\n`);
    for (const trouble of report.feedsTrouble) io.out(`  ${paint('warning', 'feeds here')}: ${trouble}\n`);
  } else {
    io.out(`${report.file}: rejected (variant ${report.variant} from ${report.variantSource}; ${tail})\n`);
  }
}

/** What would stop the feeds' hosts' clicks here: the private directory refused, or click files in it refused. */
function feedsTroubleHere(places: RuntimeDirPlaces): string[] {
  const trouble = runtimeDirTrouble(places);
  return trouble ? [trouble] : refusedInboxes(runtimeDirPath(places.env, places.uid ?? 0), places.uid);
}

/** Source text as a fix line shows it: on one line, cleaned, at most 60 characters. */
function shown(text: string): string {
  const one = displayText(text.replace(/\s*\n\s*/g, ' ').trim());
  return one.length > 60 ? `${one.slice(0, 59)}…` : one;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function widgetName(w: WidgetModel): string {
  if (w.kind === 'Tiler') {
    const parts = Object.entries(w.config)
      .filter(([, v]) => (v as { enable: boolean }).enable)
      .map(([k]) => k);
    return `Tiler(${parts.join(', ') || 'nothing enabled'})`;
  }
  return w.config.enable ? w.kind : `${w.kind}(disabled)`;
}

function usesTiler(model: BarModel): boolean {
  return [...model.left, ...model.center, ...model.right].some((w) => w.kind === 'Tiler') || Object.values(model.mouse?.bindings ?? {}).some((b) => b?.kind === 'message');
}

/** One line per section: what the bar would show, for a quick look at what a file does. */
export function summarise(model: BarModel): string {
  const section = (name: string, ws: WidgetModel[]) => `  ${name.padEnd(6)} ${ws.length ? ws.map(widgetName).join(', ') : '(empty)'}`;
  return [section('left', model.left), section('center', model.center), section('right', model.right)].join('\n');
}
