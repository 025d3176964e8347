/**
 * What komorebi.json says now about the bar of one monitor, for a bar that follows it while it runs (`--monitor N`
 * without `--config`: app/komorebi-listing.ts watches the file): the config listed for the monitor, or the one
 * problem that explains why there is none — komorebi.json itself (no folder for it, unreadable, no JSON, no list),
 * else "nothing listed is on monitor N" — with the others that may be the cause (an entry's file missing). Pure:
 * what was read is bar-configurations.ts's `BarConfigurations`.
 */
import { basename } from 'node:path';
import { barConfigurationProblem, configForMonitor, formatBarConfigurationProblem, servedMonitors, type BarConfigurationProblem, type BarConfigurations } from './bar-configurations.js';
import { wordList } from '../text/word-list.js';

export type MonitorListing =
  | { ok: true; path: string }
  /** `problem`: what the bar says; `problems`: all that the log says (the bar's problem first). */
  | { ok: false; problem: BarConfigurationProblem; problems: BarConfigurationProblem[] };

/** Problems about komorebi.json as a whole: while one lasts, no entry of it says anything. */
const WHOLE_FILE = new Set(['home', 'komorebi-json', 'not-a-list']);

/** The config komorebi.json lists for `monitor`, or why there is none (see the module's comment). */
export function monitorListing(found: BarConfigurations, monitor: number, komorebiJson: string): MonitorListing {
  const chosen = configForMonitor(found, monitor);
  if (chosen) return { ok: true, path: chosen.path };
  const whole = found.problems.find((p) => p.severity === 'error' && WHOLE_FILE.has(p.topic));
  const problem = whole ?? unlisted(found, monitor, komorebiJson);
  return { ok: false, problem, problems: [problem, ...found.problems.filter((p) => p !== problem)] };
}

/** "Nothing listed is on monitor N", at the list (or the file's start when there is none), and how to list one. */
function unlisted(found: BarConfigurations, monitor: number, komorebiJson: string): BarConfigurationProblem {
  const served = servedMonitors(found);
  const others = served.length === 0 ? '' : `; ${served.length === 1 ? 'monitor' : 'monitors'} ${wordList(served.map(String), 'and')} ${served.length === 1 ? 'has' : 'have'} one`;
  // An entry that cannot be read may be the one meant for the monitor: the first is said with it (the log has all).
  const broken = found.problems.filter((p) => p.severity === 'error' && p.entry !== undefined);
  const first = broken[0] && `; ${broken[0].path}: ${broken[0].message}${broken.length > 1 ? ` (and ${broken.length - 1} more in the log)` : ''}`;
  const message = found.listed ? `no bar config listed is on monitor ${monitor}${others}${first ?? ''}` : `no bar config is listed for monitor ${monitor} (komorebi.json has no bar_configurations)`;
  const hint = `list a bar config whose "monitor": ${monitor} (e.g. "$Env:KOMOREBI_CONFIG_HOME/komorebi.bar.monitor${monitor}.json"); until then this bar keeps the config it shows`;
  return barConfigurationProblem('error', 'unlisted', komorebiJson, found.listAt ?? { line: 1, col: 1 }, { path: 'bar_configurations', message, hint });
}

/** komorebi.json could not be read (its watch says why: gone, not the user's alone, too large): no list to follow. */
export function unreadableListing(komorebiJson: string, why: string): BarConfigurations {
  const problem = barConfigurationProblem('error', 'komorebi-json', komorebiJson, { line: 1, col: 1 }, { message: `cannot read it (${why})`, hint: 'write komorebi.json again, or start the bar with --config' });
  return { komorebiJson, listed: false, configs: [], read: [], problems: [problem] };
}

/**
 * The bar's one line for a problem (what is wrong first, then where, as bar/live-config.ts says a config's):
 * `komorebi.json: syntax error: value expected; the bar stays on bar1.json (komorebi.json:3:42; log: …)`.
 */
export function listingBarMessage(p: BarConfigurationProblem, shown: string, logPath: string): string {
  const where = p.file === undefined ? '' : `${basename(p.file)}:${p.line}:${p.col}; `;
  return `komorebi.json: ${p.path ? `${p.path}: ` : ''}${p.message}; the bar stays on ${basename(shown)} (${where}log: ${logPath})`;
}

/** What the log says of a listing that gives this bar no config: why, each problem as `check` prints it. */
export function listingLogLines(monitor: number, listing: Extract<MonitorListing, { ok: false }>, shown: string): string {
  const lines = listing.problems.map((p) => `  ${formatBarConfigurationProblem(p).replaceAll('\n', '\n  ')}`);
  return `komorebi.json gives monitor ${monitor} no bar config now; the bar stays on ${shown}:\n${lines.join('\n')}`;
}
