/**
 * Which config file a running bar reads, and the watches that keep that answer true: the file's own (its edits
 * and faults, bar/config-file.ts), and discovery's (bar/path-appearance.ts) — a bar that started on the embedded
 * example, or on a discovered file, moves to a file that ranks above it the moment one appears where discovery
 * looks (config/discover.ts), and says so in the log.
 *
 * A file named with `--config` is never left: it is watched even while it does not exist. A discovered file that
 * is removed is not left either: the bar keeps its last good config (as through any fault of its file) until the
 * file comes back, or a file that ranks above it appears; a lower-ranked one is taken at the next start. An
 * editor that deletes before it writes would otherwise flip the bar to another config and back.
 *
 * A file whose directory does not exist yet (`--config ~/later/bar.json`): a directory watch cannot start on a
 * missing directory (bar/name-watch.ts), so the directory is watched for (as
 * discovery's places are) and the file's watch started again once it exists; the file's stat poll covers it
 * meanwhile.
 *
 * A file that discovery found is read only when it passes the trust rule (io/trust.ts), checked on the opened
 * descriptor: its clicks run commands, and where discovery looks may be writable by others (`XDG_CONFIG_HOME`
 * set to a shared directory), so another user's file there must neither steer a bar that starts nor one that
 * runs. A file named with `--config` is the user's choice; the embedded example is the install's. A better-ranked
 * place whose file the rule refuses is passed over, said once, and watched on: the bar stays on its file and
 * moves only when a file the rule accepts is there (config/discover.ts).
 */
import { stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { POLL_MS, watchConfigFile, type ConfigFileEvent, type WatchedConfigFile } from '../bar/config-file.js';
import { realKindOf, watchPathAppearance, type PathAppearance, type PathKind } from '../bar/path-appearance.js';
import { candidatesAbove, configLabel, LISTED_REASON, passedOverLine, switchTarget, type Candidate, type Discovered } from '../config/discover.js';
import { MAX_CONFIG_BYTES } from '../config/limits.js';
import type { ReadOptions } from '../io/read-text-file.js';
import { DISCOVERED_HINT, LISTED_HINT, trustRefusal, type TrustedUser } from '../io/trust.js';
import type { Timers } from '../scheduler/timers.js';

/** Different refusals said of one place at most: another user can vary them only so far. */
const MAX_REFUSALS_SAID = 4;

const isDirectory = (path: string): Promise<boolean> => stat(path).then((s) => s.isDirectory(), () => false);

/**
 * How the config `found` is read by a bar run by `user` (undefined where there are none: Windows, where Node has
 * no process.getuid and fs.stat gives uid 0 for every file; who may write where discovery looks is left to the
 * folders' permissions there: `%USERPROFILE%` is the user's own, `%KOMOREBI_CONFIG_HOME%` the user's choice).
 */
export function configReadOptions(found: Discovered, user: TrustedUser | undefined): ReadOptions {
  if (user === undefined || found.embedded || found.reason === '--config') return { maxBytes: MAX_CONFIG_BYTES };
  return { maxBytes: MAX_CONFIG_BYTES, trust: { user, hint: found.reason === LISTED_REASON ? LISTED_HINT : DISCOVERED_HINT } };
}

export interface ConfigPlaceDeps {
  timers: Timers;
  log: (message: string) => void;
  /** The bar's user (none on Windows, nor in tests that need no check): a discovered file must pass the rule. */
  user?: TrustedUser | undefined;
  /** An event of the file `path` (compare with `place.path` when it is handled: the bar may have moved on). */
  onFileEvent: (event: ConfigFileEvent, path: string) => void;
  /** A file that ranks above the one in use appeared: the owner calls `moveTo` when its queue gets there. */
  onBetter: (to: Discovered) => void;
}

export class ConfigPlace {
  #found: Discovered;
  #file: WatchedConfigFile | undefined;
  #appearance: PathAppearance | undefined;
  /** The watch for the file's directory, while it does not exist. */
  #directory: PathAppearance | undefined;
  /** The file's text last reported (what its watch, started again, compares with). */
  #lastText: string | undefined;
  #closed = false;
  /**
   * Better-ranked places whose file the trust rule refused, and the refusals said of each: each said once for
   * the bar's life, however often another user makes and removes the file (a log is no place for their churn),
   * and at most MAX_REFUSALS_SAID different ones a place.
   */
  readonly #refusalSaid = new Map<string, Set<string>>();

  constructor(
    found: Discovered,
    private readonly candidates: readonly Candidate[],
    private readonly deps: ConfigPlaceDeps,
  ) {
    this.#found = found;
    for (const p of found.passedOver ?? []) this.#sayRefusal(p.path, p.why);
  }

  get path(): string {
    return this.#found.path;
  }

  /** How the file in use is read (its owner checked when discovery found it). */
  get readOptions(): ReadOptions {
    return configReadOptions(this.#found, this.deps.user);
  }

  /** Starts both watches; `initialText` is the file's text already read (no first event unless it changed). */
  async start(initialText?: string): Promise<void> {
    this.#lastText = initialText;
    await this.#watchFile();
    this.#watchAppearance();
  }

  /**
   * Whether to move to `to` now: it still ranks above the file in use (another may have been taken meanwhile)
   * and its file still passes the trust rule (said once when it does not; the bar stays).
   */
  shouldMoveTo(to: Discovered): boolean {
    if (!candidatesAbove(this.#found, this.candidates).some((c) => c.path === to.path)) return false;
    const why = this.deps.user && trustRefusal(to.path, this.deps.user);
    if (why) this.#sayRefusal(to.path, why);
    return !why;
  }

  /** A refusal of the place `path`, said in the log unless it was said before. */
  #sayRefusal(path: string, why: string): void {
    const said = this.#refusalSaid.get(path) ?? new Set<string>();
    this.#refusalSaid.set(path, said);
    if (said.has(why) || said.size >= MAX_REFUSALS_SAID) return;
    said.add(why);
    const reason = this.candidates.find((c) => c.path === path)?.reason ?? 'discovery';
    this.deps.log(passedOverLine({ path, reason, why }));
  }

  /**
   * What discovery's watch sees at `path`: a better-ranked place's file that the trust rule refuses counts as
   * none, so it never moves the bar; the user's own file keeps being followed, and nothing stays stuck when
   * the refused file goes. A refusal is said once (#sayRefusal).
   */
  async #candidateKind(path: string): Promise<PathKind> {
    const kind = await realKindOf(path);
    const user = this.deps.user;
    if (kind !== 'other' || user === undefined || !this.candidates.some((c) => c.path === path)) return kind;
    const why = trustRefusal(path, user);
    if (why === undefined) return kind;
    this.#sayRefusal(path, why);
    return 'none';
  }

  /** Reads `to`, a better-ranked file that appeared, from now on (see switchTo). */
  async moveTo(to: Discovered): Promise<void> {
    await this.switchTo(to, `it appeared, and ranks above ${configLabel(this.#found)}`);
  }

  /** Reads `to` from now on, for the reason `why`: its watch replaces the old file's; its first event gives its text (or its fault). */
  async switchTo(to: Discovered, why: string): Promise<void> {
    this.#found = to;
    this.deps.log(`config: now ${to.path} (${to.reason}: ${why})`);
    this.#lastText = undefined;
    await this.#closeWatches();
    if (this.#closed) return;
    await this.#watchFile();
    this.#watchAppearance();
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#closeWatches();
  }

  async #closeWatches(): Promise<void> {
    const watches = [this.#file, this.#appearance, this.#directory];
    this.#file = undefined;
    this.#appearance = undefined;
    this.#directory = undefined;
    for (const w of watches) await w?.close();
  }

  /** The file's own watch (its first event only when its text differs from the last reported). */
  async #watchFile(): Promise<void> {
    const found = this.#found;
    const initialText = this.#lastText;
    const { trust } = configReadOptions(found, this.deps.user);
    const file = await watchConfigFile(found.path, (event) => this.#fileEvent(event, found), {
      timers: this.deps.timers,
      log: this.deps.log,
      ...(initialText !== undefined ? { initialText } : {}),
      ...(trust ? { trust } : {}),
    });
    // Moved on or closed meanwhile: this watch is nobody's.
    if (this.#closed || found !== this.#found) {
      await file.close();
      return;
    }
    this.#file = file;
    const dir = dirname(found.path);
    if (!(await isDirectory(dir)) && found === this.#found && !this.#closed) {
      const restart = () => this.#restartFileWatch(found).catch((e: unknown) => this.deps.log(`config watcher of ${found.path} could not start again: ${e instanceof Error ? e.message : String(e)} (the file is still checked every ${POLL_MS / 1000} s)`));
      this.#directory = watchPathAppearance([dir], (existing) => void (existing.has(dir) ? restart() : undefined), { timers: this.deps.timers, log: this.deps.log });
    }
  }

  /** The file's directory exists now: its watch is started again, on the directory. */
  async #restartFileWatch(found: Discovered): Promise<void> {
    // Something else of that name (a file) is no directory to watch: the wait goes on.
    if (this.#closed || found !== this.#found || !(await isDirectory(dirname(found.path)))) return;
    const old = [this.#file, this.#directory];
    this.#file = undefined;
    this.#directory = undefined;
    for (const w of old) await w?.close();
    if (this.#closed || found !== this.#found) return;
    await this.#watchFile();
  }

  #fileEvent(event: ConfigFileEvent, found: Discovered): void {
    if (event.kind === 'text' && found === this.#found) this.#lastText = event.text;
    if (event.kind === 'fault' && event.code === 'ENOENT' && !found.embedded && found.reason !== '--config' && found === this.#found) {
      this.deps.log(`config: ${found.path} is gone; the bar keeps its last good config until it is written again or a file that ranks above it appears (one that ranks below is taken at the next start)`);
    }
    this.deps.onFileEvent(event, found.path);
  }

  #watchAppearance(): void {
    const above = candidatesAbove(this.#found, this.candidates);
    if (above.length === 0 || this.#closed) return;
    const found = this.#found;
    this.#appearance = watchPathAppearance(
      above.map((c) => c.path),
      (existing) => {
        const to = switchTarget(found, this.candidates, (p) => existing.has(p));
        if (to && found === this.#found) this.deps.onBetter(to);
      },
      { timers: this.deps.timers, log: this.deps.log, kindOf: (path) => this.#candidateKind(path) },
    );
  }
}
