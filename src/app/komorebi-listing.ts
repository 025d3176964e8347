/**
 * A bar started for a monitor from komorebi.json's `bar_configurations` (`--monitor N` without `--config`) follows
 * komorebi.json while it runs: komorebi.json is watched as the bar's own config is (bar/config-file.ts: a watch of
 * its folder and a stat poll, each read bounded and under the trust rule, a fault said only once it lasts), and at
 * each change what it gives monitor N is worked out again (config/monitor-listing.ts): another file — the bar
 * moves to it; the same one — nothing to do; none (komorebi.json broken, gone, or nothing listed for N) — the bar
 * keeps what it shows and says why, until a change gives it a config again.
 *
 * Why the live core follows, not the front end: every bar is a LiveBar — one in a front end's own process
 * (`--standalone`), the user's core's for its attached panes and feeds, and thin feeds, which have no process of
 * their own to follow anything — so this one place covers them all, and the move is the one a bar makes already
 * when discovery finds a better file (the model shown stays until the new file's text is good). An attached front
 * end then loads no watcher and needs no re-attach: it only asks for monitor N's listed bar (BarSelect.listed).
 * komorebi.json's place is found once, as the front end found it: the variables that decide it do not change
 * under a running process.
 */
import { realpath } from 'node:fs/promises';
import { watchConfigFile, type ConfigFileEvent, type WatchedConfigFile } from '../bar/config-file.js';
import { listingBarMessage, listingLogLines, monitorListing, unreadableListing, type MonitorListing } from '../config/monitor-listing.js';
import { barConfigurationsIo, barConfigurationsOfText, komorebiJsonPlace } from '../config/read-bar-configurations.js';
import type { Log } from '../io/log.js';
import { LISTED_HINT, type TrustedUser } from '../io/trust.js';
import type { Timers } from '../scheduler/timers.js';

/**
 * What komorebi.json gives the bar now, against the file it reads: that file, another, or none — then `message`
 * is the bar's line and `log` the log's report.
 */
export type Listing = { kind: 'same' } | { kind: 'move'; path: string } | { kind: 'problem'; message: string; log: string };

export interface KomorebiListingDeps {
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
  cwd: string;
  timers: Timers;
  log: Log;
  /** The bar's user: komorebi.json and the files it lists are read only when they pass the rule (none on Windows). */
  user: TrustedUser | undefined;
  /** The file the bar reads now. */
  current: () => string;
  /** The log's path, which the bar's line names. */
  logPath: string;
  /** Each change of what komorebi.json gives the monitor, in order. */
  onListing: (listing: Listing) => void;
}

/** A path through its links (the core names its bars' files so), or as it is when it cannot be followed. */
const real = (path: string) => realpath(path).catch(() => path);

/** Watches komorebi.json for the bar of `monitor` (see the module's comment); `close` when the bar closes. */
export async function followKomorebiListing(monitor: number, deps: KomorebiListingDeps): Promise<{ close(): Promise<void> }> {
  const io = barConfigurationsIo(deps.env, deps.platform, deps.cwd);
  const place = komorebiJsonPlace(io);
  let closed = false;
  let queue = Promise.resolve();
  const say = async (listing: MonitorListing) => {
    if (closed) return;
    if (!listing.ok) return deps.onListing({ kind: 'problem', message: listingBarMessage(listing.problem, deps.current(), deps.logPath), log: listingLogLines(monitor, listing, deps.current()) });
    const [to, now] = await Promise.all([real(listing.path), real(deps.current())]);
    if (!closed) deps.onListing(to === now ? { kind: 'same' } : { kind: 'move', path: to });
  };
  if ('problem' in place) {
    // No folder for komorebi.json (KOMOREBI_CONFIG_HOME names none now): nothing to watch; said once.
    await say({ ok: false, problem: place.problem, problems: [place.problem] });
    return { close: async () => undefined };
  }
  const path = place.path;
  const handle = async (event: ConfigFileEvent) => {
    const found = event.kind === 'text' ? await barConfigurationsOfText(io, path, event.text) : unreadableListing(path, event.problem);
    await say(monitorListing(found, monitor, path));
  };
  const watch: WatchedConfigFile = await watchConfigFile(path, (event) => void (queue = queue.then(() => handle(event)).catch((e: unknown) => deps.log(`komorebi.json watcher: ${e instanceof Error ? e.message : String(e)}`))), {
    timers: deps.timers,
    log: (line) => deps.log(`komorebi.json: ${line}`),
    ...(deps.user ? { trust: { user: deps.user, hint: LISTED_HINT } } : {}),
  });
  return {
    close: async () => {
      closed = true;
      await watch.close();
    },
  };
}
