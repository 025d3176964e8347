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
 */
import { watchConfigFile, type ConfigFileEvent, type WatchedConfigFile } from '../bar/config-file.js';
import { watchPathAppearance, type PathAppearance } from '../bar/path-appearance.js';
import { candidatesAbove, configLabel, switchTarget, type Candidate, type Discovered } from '../config/discover.js';
import type { Timers } from '../scheduler/timers.js';

export interface ConfigPlaceDeps {
  timers: Timers;
  log: (message: string) => void;
  /** An event of the file `path` (compare with `place.path` when it is handled: the bar may have moved on). */
  onFileEvent: (event: ConfigFileEvent, path: string) => void;
  /** A file that ranks above the one in use appeared: the owner calls `moveTo` when its queue gets there. */
  onBetter: (to: Discovered) => void;
}

export class ConfigPlace {
  #found: Discovered;
  #file: WatchedConfigFile | undefined;
  #appearance: PathAppearance | undefined;
  #closed = false;

  constructor(
    found: Discovered,
    private readonly candidates: readonly Candidate[],
    private readonly deps: ConfigPlaceDeps,
  ) {
    this.#found = found;
  }

  get path(): string {
    return this.#found.path;
  }

  /** Starts both watches; `initialText` is the file's text already read (no first event unless it changed). */
  async start(initialText?: string): Promise<void> {
    await this.#watchFile(initialText);
    this.#watchAppearance();
  }

  /** Whether `to` still ranks above the file in use (another may have been taken meanwhile). */
  ranksAbove(to: Discovered): boolean {
    return candidatesAbove(this.#found, this.candidates).some((c) => c.path === to.path);
  }

  /** Reads `to` from now on: its watch replaces the old file's; its first event gives its text (or its fault). */
  async moveTo(to: Discovered): Promise<void> {
    const from = this.#found;
    this.#found = to;
    this.deps.log(`config: now ${to.path} (${to.reason}: it appeared, and ranks above ${configLabel(from)})`);
    await this.#file?.close();
    await this.#appearance?.close();
    this.#file = undefined;
    this.#appearance = undefined;
    if (this.#closed) return;
    await this.#watchFile(undefined);
    this.#watchAppearance();
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#file?.close();
    await this.#appearance?.close();
  }

  async #watchFile(initialText: string | undefined): Promise<void> {
    const found = this.#found;
    const file = await watchConfigFile(found.path, (event) => this.#fileEvent(event, found), {
      timers: this.deps.timers,
      log: this.deps.log,
      ...(initialText !== undefined ? { initialText } : {}),
    });
    if (this.#closed) await file.close();
    else this.#file = file;
  }

  #fileEvent(event: ConfigFileEvent, found: Discovered): void {
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
      { timers: this.deps.timers, log: this.deps.log },
    );
  }
}
