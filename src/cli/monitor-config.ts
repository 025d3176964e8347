/**
 * `--monitor N`: the bar of monitor N. Without `--config` that is the bar config komorebi.json's
 * bar_configurations lists for monitor N (config/bar-configurations.ts); with `--config`, the config named,
 * drawn as monitor N's bar. Shared by the commands that take the option (preview; run and feed when wired);
 * the option itself is monitor-option.ts. komorebi.json is read only when --monitor is given without --config:
 * its readers (and jsonc-parser) are loaded then, not by every preview.
 */
import { wordList } from '../text/word-list.js';
import { UsageError, type CliIo } from './io.js';

/** Which config to use, and the monitor its bar is drawn on (undefined: the config's own). */
export interface MonitorChoice {
  config?: string;
  monitor?: number;
  /** The config is the one komorebi.json lists for `monitor`: the running bar follows komorebi.json (app/komorebi-listing.ts). */
  listed?: true;
}

/**
 * The config and monitor `--monitor` and `--config` choose. Without `--monitor`, `--config` as given. Without
 * `--config`, the config listed for the monitor; a list with none for it is a usage error naming the monitors
 * that have one; no list at all leaves the config to discovery, drawn as monitor N's bar (said on stderr).
 * komorebi.json's problems are said on stderr either way: they are why a monitor may have no config.
 */
export async function chooseMonitorConfig(opts: { config?: string; monitor?: number }, io: CliIo): Promise<MonitorChoice> {
  const { monitor } = opts;
  if (monitor === undefined || opts.config !== undefined) return { ...(opts.config !== undefined ? { config: opts.config } : {}), ...(monitor !== undefined ? { monitor } : {}) };
  const { barConfigurationsIo, readBarConfigurations } = await import('../config/read-bar-configurations.js');
  const { configForMonitor, formatBarConfigurationProblem, servedMonitors } = await import('../config/bar-configurations.js');
  const found = await readBarConfigurations(barConfigurationsIo(io.env, io.platform, io.cwd));
  for (const p of found.problems) io.err(`${formatBarConfigurationProblem(p)}\n`);
  if (!found.listed || found.komorebiJson === undefined) {
    io.err(`tilebar: no komorebi.json lists bar_configurations; the config found as without --monitor is drawn as monitor ${monitor}'s bar\n`);
    return { monitor };
  }
  const chosen = configForMonitor(found, monitor);
  if (!chosen) {
    const served = servedMonitors(found);
    const have = served.length === 0 ? 'none of its bar configs can be read (see above)' : `${served.length === 1 ? 'monitor' : 'monitors'} ${wordList(served.map(String), 'and')} ${served.length === 1 ? 'has' : 'have'} one`;
    throw new UsageError(`--monitor ${monitor}: no bar config in the bar_configurations of ${found.komorebiJson} is on monitor ${monitor}; ${have}`);
  }
  return { config: chosen.path, monitor, listed: true };
}
