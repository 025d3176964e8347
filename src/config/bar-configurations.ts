/**
 * komorebi's `bar_configurations` (a list in komorebi.json of komorebi.bar.json files, one bar per entry, each
 * on the monitor its file names): which config serves which monitor, and every problem on the way, located.
 * Pure: the texts are read by read-bar-configurations.ts. In two steps, because the bar files to read are known
 * only once komorebi.json is parsed: `listedBarPaths` (komorebi.json → the paths), then `barConfigurationsOf`
 * (the paths and what reading each gave → monitor → config).
 *
 * Where tilebar is kinder than komorebi, and why (docs/details.md says the same to users):
 * - JSONC is read (komorebi refuses comments and trailing commas), as tilebar reads bar configs;
 * - a relative entry is taken from komorebi.json's folder: komorebi passes it on to komorebi-bar as it is, so it
 *   depends on the folder komorebic happened to be started from;
 * - problems komorebi keeps silent are said: a variable that is not set, a file that is missing or is no
 *   JSON, a file listed twice (komorebic starts two bars on it; the second is dropped here), two files for one
 *   monitor (komorebi opens both bars there, one over the other), `[]` (komorebic starts no bar at all; here it
 *   is no list), `monitor_index` (a key of komorebi's docs that komorebi-bar never reads).
 */
import path from 'node:path';
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { ReadOutcome } from '../io/read-text-file.js';
import { displayText, quote } from '../text/safe-text.js';
import { wordList } from '../text/word-list.js';
import { describeFound } from './describe-found.js';
import { tooDeepAt } from './jsonc-depth.js';
import { expandKomorebiPath, type Env, type UnsetVariable } from './komorebi-path.js';
import { MAX_CONFIG_BYTES, MAX_CONFIG_DEPTH } from './limits.js';
import { formatProblem, type Problem } from './problem.js';
import { SourceText, type SourcePosition } from './source.js';

/** Entries read from one list: one bar per monitor needs a handful; a list of thousands is not a bar setup. */
export const MAX_BAR_CONFIGURATIONS = 32;

/** How much of a path a message quotes: any real path whole, a hostile one shortened (text/safe-text.ts quote). */
export const MAX_PATH_SHOWN = 1024;

/** What a problem is about, for a caller that says some of them in its own way (`check` checks the files itself). */
export type BarConfigurationTopic =
  | 'home' // KOMOREBI_CONFIG_HOME names no folder
  | 'komorebi-json' // komorebi.json cannot be read or parsed
  | 'not-a-list' // bar_configurations is not an array
  | 'empty' // bar_configurations is []
  | 'too-many' // more entries than MAX_BAR_CONFIGURATIONS
  | 'not-a-path' // an entry is not a non-empty string
  | 'unset' // an entry names a variable that is not set
  | 'duplicate' // an entry names a file listed before
  | 'extension' // an entry's file does not end in .json
  | 'unreadable' // an entry's file cannot be read
  | 'content' // an entry's file is no JSON object, or its "monitor" is not one
  | 'monitor-index' // an entry's file has "monitor_index"
  | 'shared-monitor' // two entries serve one monitor
  | 'unlisted'; // no entry serves the monitor a running bar shows (config/monitor-listing.ts)

export interface BarConfigurationProblem extends Problem {
  /** The file the line and column are in (komorebi.json, mostly); none for `home`, which is in no file. */
  file?: string;
  topic: BarConfigurationTopic;
  /** The index in bar_configurations the problem is about. */
  entry?: number;
}

/** An entry whose path could be made: its index, the path expanded and made absolute, where it is written. */
export interface ListedBar {
  index: number;
  path: string;
  at: SourcePosition;
}

export interface ListedPaths {
  /** Whether komorebi.json has a list with at least one entry: when not, tilebar uses its own config discovery. */
  listed: boolean;
  /** Where the list is written (its opening bracket), when there is one. */
  at?: SourcePosition;
  entries: ListedBar[];
  problems: BarConfigurationProblem[];
}

/** A bar config listed in bar_configurations, and the monitor (komorebi's user index) its bar is on. */
export interface BarConfiguration {
  index: number;
  path: string;
  monitor: number;
}

export interface BarConfigurations {
  /** The komorebi.json read; none when there is none (or it could not be read: then a problem says why). */
  komorebiJson?: string;
  /** Whether it lists bar configurations (see ListedPaths.listed). */
  listed: boolean;
  /** Where the list is written in komorebi.json, when there is one (what a problem about the whole list points at). */
  listAt?: SourcePosition;
  /** The entries whose file names its monitor, in the list's order. */
  configs: BarConfiguration[];
  /** The entries whose file was read, whatever it holds: what `check` checks. */
  read: Array<{ index: number; path: string }>;
  problems: BarConfigurationProblem[];
}

/** No komorebi.json, or one that lists nothing: tilebar's own discovery decides. */
export const NO_BAR_CONFIGURATIONS: BarConfigurations = { listed: false, configs: [], read: [], problems: [] };

const entryPath = (index: number) => `bar_configurations[${index}]`;

/**
 * A problem; its words cleaned of control characters (paths in them come from komorebi.json and the bar files,
 * and reach a terminal), each path at most MAX_PATH_SHOWN long.
 */
export function barConfigurationProblem(severity: Problem['severity'], topic: BarConfigurationTopic, file: string | undefined, at: SourcePosition, fields: { path?: string; message: string; hint?: string; entry?: number }): BarConfigurationProblem {
  const clean = (text: string) => displayText(text, 4 * MAX_PATH_SHOWN);
  return { severity, topic, ...(file !== undefined ? { file } : {}), line: at.line, col: at.col, path: fields.path ?? '', message: clean(fields.message), ...(fields.hint ? { hint: clean(fields.hint) } : {}), ...(fields.entry !== undefined ? { entry: fields.entry } : {}) };
}
const problem = barConfigurationProblem;

/** A JSONC document's tree, or the problem that stops it being read (too deep, a syntax error, no object). */
function objectTree(source: SourceText): { tree: Node } | { at: number; message: string; /** A syntax error: `message` is its words. */ syntax: boolean } {
  const deep = tooDeepAt(source.text, MAX_CONFIG_DEPTH);
  if (deep !== undefined) return { at: deep, message: `objects and arrays nested more than ${MAX_CONFIG_DEPTH} deep`, syntax: false };
  const errors: ParseError[] = [];
  const tree = parseTree(source.text, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true });
  const first = errors[0];
  if (first) return { at: first.offset, message: printParseErrorCode(first.error).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase(), syntax: true };
  if (tree?.type !== 'object') return { at: tree?.offset ?? 0, message: `expected a JSON object, found ${tree ? describeFound(tree) : 'nothing'}`, syntax: false };
  return { tree };
}

/** The value node of `key` in an object node (the last one, as JSON.parse keeps the last of a repeated key). */
function propertyValue(object: Node, key: string): { key: Node; value: Node } | undefined {
  const pair = (object.children ?? []).findLast((p) => p.children?.[0]?.value === key);
  const [k, v] = pair?.children ?? [];
  return k && v ? { key: k, value: v } : undefined;
}

/** `$Env:FOO is not set`, `~ (%USERPROFILE%) and %BAR% are not set`. */
function unsetWords(unset: readonly UnsetVariable[], platform: NodeJS.Platform): string {
  const named = unset.map((u) => (u.written === '~' || u.written.toLowerCase() === '$home' ? `${u.written} (${platform === 'win32' ? `%${u.name}%` : `$${u.name}`})` : u.written));
  return `${wordList(named, 'and')} ${named.length === 1 ? 'is' : 'are'} not set`;
}

/** What to do about unset variables; `${NAME}` is no form of komorebi's, and a whole component only is a variable. */
function unsetHint(unset: readonly UnsetVariable[]): string {
  const braced = unset.find((u) => /^\$\{.*\}$/.test(u.written));
  if (braced) return `komorebi reads no \${NAME}: write $Env:${braced.written.slice(2, -1)}`;
  const inName = unset.find((u) => /[./\\]/.test(u.name));
  if (inName) return `only a whole part of the path between separators is a variable: ${quote(inName.written)} names the variable ${quote(inName.name)}`;
  const names = unset.map((u) => u.name).join(', ');
  return `set ${names} where komorebi and tilebar start, or write the path without ${unset.length === 1 ? 'it' : 'them'}`;
}

/** How two paths are compared for a duplicate: normalised, and on Windows in any letter case (its file systems ignore case). */
const sameFileKey = (file: string, platform: NodeJS.Platform) => (platform === 'win32' ? path.win32.normalize(file).toLowerCase() : path.posix.normalize(file));

/**
 * komorebi.json's `bar_configurations`, each entry expanded as komorebi expands it (komorebi-path.ts) and made
 * absolute against komorebi.json's folder; the entries that cannot name a file are left out, each with its problem.
 */
export function listedBarPaths(text: string, komorebiJson: string, env: Env, platform: NodeJS.Platform): ListedPaths {
  const source = new SourceText(komorebiJson, text);
  const none: ListedPaths = { listed: false, entries: [], problems: [] };
  if (source.text.length > MAX_CONFIG_BYTES) return { ...none, problems: [problem('error', 'komorebi-json', komorebiJson, { line: 1, col: 1 }, { message: `the document is larger than ${MAX_CONFIG_BYTES / (1024 * 1024)} MiB`, hint: 'is this the right file? komorebi.json is a few kilobytes' })] };
  const parsed = objectTree(source);
  if (!('tree' in parsed)) {
    return { ...none, problems: [problem('error', 'komorebi-json', komorebiJson, source.position(parsed.at), { message: parsed.syntax ? `syntax error: ${parsed.message}` : parsed.message, hint: 'komorebi cannot read it either; its bar_configurations are not used until it parses' })] };
  }
  const list = propertyValue(parsed.tree, 'bar_configurations');
  // Absent or null: komorebi's "no list", and komorebic starts its one default bar.
  if (!list || list.value.type === 'null') return none;
  const at = (node: Node) => source.position(node.offset);
  if (list.value.type !== 'array') {
    return { ...none, problems: [problem('error', 'not-a-list', komorebiJson, at(list.value), { path: 'bar_configurations', message: `expected a list of bar config paths, found ${describeFound(list.value)}`, hint: 'write it as ["$Env:KOMOREBI_CONFIG_HOME/komorebi.bar.monitor0.json", ...], one file per monitor' })] };
  }
  const items = list.value.children ?? [];
  if (items.length === 0) {
    const message = 'the list is empty: komorebic starts no bar at all with it; tilebar takes it as no list and finds its config as it does without one';
    return { ...none, problems: [problem('warning', 'empty', komorebiJson, at(list.value), { path: 'bar_configurations', message, hint: 'list one bar config per monitor, or remove the key' })] };
  }
  const problems: BarConfigurationProblem[] = [];
  if (items.length > MAX_BAR_CONFIGURATIONS) {
    problems.push(problem('warning', 'too-many', komorebiJson, at(items[MAX_BAR_CONFIGURATIONS]!), { path: entryPath(MAX_BAR_CONFIGURATIONS), entry: MAX_BAR_CONFIGURATIONS, message: `the list has ${items.length} entries; the first ${MAX_BAR_CONFIGURATIONS} are read and the rest are not`, hint: 'one bar config per monitor is enough' }));
  }
  const entries: ListedBar[] = [];
  const seen = new Map<string, number>();
  const paths = platform === 'win32' ? path.win32 : path.posix;
  for (const [index, node] of items.slice(0, MAX_BAR_CONFIGURATIONS).entries()) {
    const where = { path: entryPath(index), entry: index };
    if (node.type !== 'string' || node.value === '') {
      problems.push(problem('error', 'not-a-path', komorebiJson, at(node), { ...where, message: `expected the path of a bar config (a string), found ${node.type === 'string' ? 'an empty string' : describeFound(node)}`, hint: 'write the path in quotes, e.g. "$Env:KOMOREBI_CONFIG_HOME/komorebi.bar.json"' }));
      continue;
    }
    const written = String(node.value);
    const expanded = expandKomorebiPath(written, env, platform);
    if (expanded.unset.length > 0) {
      problems.push(problem('error', 'unset', komorebiJson, at(node), { ...where, message: `${unsetWords(expanded.unset, platform)} (path ${quote(written, MAX_PATH_SHOWN)})`, hint: unsetHint(expanded.unset) }));
      continue;
    }
    const file = paths.resolve(paths.dirname(komorebiJson), expanded.path);
    const key = sameFileKey(file, platform);
    const before = seen.get(key);
    if (before !== undefined) {
      problems.push(problem('warning', 'duplicate', komorebiJson, at(node), { ...where, message: `${file} is listed already (${entryPath(before)}); komorebic would start a second bar on it, tilebar reads it once`, hint: 'remove this entry' }));
      continue;
    }
    seen.set(key, index);
    if (!file.endsWith('.json')) {
      problems.push(problem('warning', 'extension', komorebiJson, at(node), { ...where, message: `${file} does not end in .json: komorebi-bar refuses to start with such a file (tilebar reads it)`, hint: 'rename the file to end in .json' }));
    }
    entries.push({ index, path: file, at: at(node) });
  }
  return { listed: true, at: at(list.value), entries, problems };
}

/** The monitor a bar config names, or why it names none; `monitor_index` (never read) is reported where it is. */
export type BarMonitor =
  | { ok: true; monitor: number; monitorIndex?: { at: SourcePosition; value: unknown }; /** Whether "monitor" is written (absent: 0). */ given: boolean }
  | { ok: false; at: SourcePosition; message: string };

const isIndex = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/**
 * The `monitor` of a bar config's text: a number, or `{ "index", "work_area_offset" }`; absent, 0 (komorebi-bar's
 * default). Only this key is looked at: the rest of the file is `check`'s to judge.
 */
export function barMonitorOf(text: string): BarMonitor {
  const source = new SourceText('', text);
  if (source.text.length > MAX_CONFIG_BYTES) return { ok: false, at: { line: 1, col: 1 }, message: `it is larger than ${MAX_CONFIG_BYTES / (1024 * 1024)} MiB, which no bar config is` };
  const parsed = objectTree(source);
  if (!('tree' in parsed)) return { ok: false, at: source.position(parsed.at), message: parsed.syntax ? `invalid JSON (${parsed.message})` : parsed.message };
  const legacy = propertyValue(parsed.tree, 'monitor_index');
  const monitorIndex = legacy ? { monitorIndex: { at: source.position(legacy.key.offset), value: legacy.value.value as unknown } } : {};
  const given = propertyValue(parsed.tree, 'monitor');
  // null is komorebi-bar's "none" too (an Option): the default.
  if (!given || given.value.type === 'null') return { ok: true, monitor: 0, given: false, ...monitorIndex };
  const node = given.value;
  if (node.type === 'number' && isIndex(node.value)) return { ok: true, monitor: node.value, given: true, ...monitorIndex };
  const index = node.type === 'object' ? propertyValue(node, 'index') : undefined;
  if (index?.value.type === 'number' && isIndex(index.value.value)) return { ok: true, monitor: index.value.value, given: true, ...monitorIndex };
  const wrong = index ? index.value : node;
  return { ok: false, at: source.position(wrong.offset), message: `${index ? '"monitor.index"' : '"monitor"'}: expected a monitor index (a whole number from 0)${index ? '' : ' or {"index": N, "work_area_offset": {...}}'}, found ${describeFound(wrong)}` };
}

/** The problems of one entry's file, whose `monitor` was read (or not). */
function fileProblems(entry: ListedBar, komorebiJson: string, monitor: BarMonitor): BarConfigurationProblem[] {
  const where = { path: entryPath(entry.index), entry: entry.index };
  if (!monitor.ok) {
    return [problem('error', 'content', komorebiJson, entry.at, { ...where, message: `${entry.path}:${monitor.at.line}:${monitor.at.col}: ${monitor.message}`, hint: `\`tilebar check ${entry.path}\` explains it` })];
  }
  if (!monitor.monitorIndex) return [];
  const { at, value } = monitor.monitorIndex;
  const serves = monitor.given ? `"monitor" decides: this bar is on monitor ${monitor.monitor}` : `this bar is on monitor ${monitor.monitor}, the default`;
  const hint = !monitor.given && isIndex(value) && value !== monitor.monitor ? `write "monitor": ${value} instead` : 'remove "monitor_index"; the bar\'s monitor is chosen with "monitor"';
  return [problem('warning', 'monitor-index', komorebiJson, entry.at, { ...where, message: `${entry.path}:${at.line}:${at.col}: "monitor_index" is read neither by komorebi-bar nor by tilebar (${serves})`, hint })];
}

/**
 * Monitor → config: `reads[i]` is what reading `listed.entries[i]` gave. An entry whose file cannot be read,
 * is no JSON object or names no monitor is left out with its problem; the others are kept. Two entries on one
 * monitor are both kept (the first serves `--monitor`), with a warning.
 */
export function barConfigurationsOf(komorebiJson: string, listed: ListedPaths, reads: readonly ReadOutcome[]): BarConfigurations {
  const problems = [...listed.problems];
  const configs: BarConfiguration[] = [];
  const read: BarConfigurations['read'] = [];
  for (const [i, entry] of listed.entries.entries()) {
    const where = { path: entryPath(entry.index), entry: entry.index };
    const outcome = reads[i] ?? { ok: false, code: 'ENOENT', problem: 'not read' };
    if (!outcome.ok) {
      problems.push(problem('error', 'unreadable', komorebiJson, entry.at, { ...where, message: `${entry.path}: ${outcome.problem}`, hint: 'correct the path, or remove the entry: komorebic would start a bar that ends at once' }));
      continue;
    }
    read.push({ index: entry.index, path: entry.path });
    const monitor = barMonitorOf(outcome.text);
    problems.push(...fileProblems(entry, komorebiJson, monitor));
    if (!monitor.ok) continue;
    const first = configs.find((c) => c.monitor === monitor.monitor);
    if (first) {
      problems.push(problem('warning', 'shared-monitor', komorebiJson, entry.at, { ...where, message: `${entry.path} is on monitor ${monitor.monitor}, as ${entryPath(first.index)} (${first.path}) is: komorebi opens both bars there, one over the other, and the last to start sets the monitor's work area`, hint: 'give each file its own "monitor", or remove one of the entries' }));
    }
    configs.push({ index: entry.index, path: entry.path, monitor: monitor.monitor });
  }
  // All in komorebi.json: in its order, an entry's own problems in the order found.
  problems.sort((a, b) => a.line - b.line || a.col - b.col);
  return { komorebiJson, listed: listed.listed, ...(listed.at ? { listAt: listed.at } : {}), configs, read, problems };
}

/** The config whose bar is on `monitor` (the first, when several are), or undefined. */
export function configForMonitor(found: BarConfigurations, monitor: number): BarConfiguration | undefined {
  return found.configs.find((c) => c.monitor === monitor);
}

/** The monitors some listed config is on, in order, each once. */
export function servedMonitors(found: BarConfigurations): number[] {
  return [...new Set(found.configs.map((c) => c.monitor))].sort((a, b) => a - b);
}

/** A problem as the command line prints it: `komorebi.json:4:5: error: bar_configurations[1]: …`, or without a place. */
export function formatBarConfigurationProblem(p: BarConfigurationProblem): string {
  if (p.file !== undefined) return formatProblem(p.file, p);
  const head = `${p.severity}: ${p.path ? `${p.path}: ` : ''}${p.message}`;
  return p.hint ? `${head}\n  hint: ${p.hint}` : head;
}
