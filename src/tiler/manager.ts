/**
 * One normalised Tiler state (state.ts), several window managers. Each manager has a source that keeps the
 * state current and a translator that turns the bar's messages (clicks, mouse bindings: the komorebi message
 * vocabulary) into that manager's own commands. A message with no equivalent is `unsupported` (logged, and
 * reported by `check --tiler`); one that only matters to komorebi's pointer handling is `ignored`.
 */
import type { SocketMessage } from '../config/schema/socket-message.js';
import type { TilerState, TilerStateResult } from './state.js';
import { parseBoundedJson } from '../io/bounded-json.js';

/** A manager's name in the list of managers (managers.ts). */
export type ManagerName = string;
/** A manager's name, or none. */
export type ManagerChoice = string;

export interface Translation<C> {
  commands: C[];
  /** Message types that need nothing on this manager (FocusMonitorAtCursor: the click focused it already). */
  ignored: string[];
  /** Message types with no equivalent here, with why. */
  unsupported: string[];
}

export type Translator<C> = (messages: readonly SocketMessage[], state: TilerState | undefined) => Translation<C>;

export interface TilerSourceEvents {
  /** A new snapshot; `derive` gives the state for a monitor index (the config's can change on reload). */
  snapshot(derive: (monitor: number) => TilerStateResult): void;
  /** Connected or not; called on every change. */
  connection(connected: boolean): void;
  log(message: string): void;
}

export interface TilerSource {
  readonly manager: ManagerName;
  /** Where it talks to the manager, for the log. */
  readonly where: string;
  /** Carries out the bar's messages; rejects with why when nothing could be sent. */
  send(messages: readonly SocketMessage[], state: TilerState | undefined): Promise<void>;
  close(): Promise<void>;
}

/** The content of a message, whatever its shape (typed per message type in the schema). */
export const contentOf = (m: SocketMessage): unknown => (m as { content?: unknown }).content;

export function emptyTranslation<C>(): Translation<C> {
  return { commands: [], ignored: [], unsupported: [] };
}

/** Messages that only steer komorebi's own pointer handling: on another manager they need nothing. */
export const POINTER_ONLY = new Set(['FocusMonitorAtCursor', 'MouseFollowsFocus']);

/**
 * A translation of each message by `one`, which gives a command or why there is none; the pointer-only
 * messages are ignored, as they need nothing on any manager but komorebi.
 */
export function translateEach<C>(messages: readonly SocketMessage[], one: (m: SocketMessage) => C | { unsupported: string }): Translation<C> {
  const out = emptyTranslation<C>();
  for (const m of messages) {
    if (POINTER_ONLY.has(m.type)) {
      out.ignored.push(m.type);
      continue;
    }
    const r = one(m);
    if (typeof r === 'object' && r !== null && 'unsupported' in r) out.unsupported.push(r.unsupported);
    else out.commands.push(r);
  }
  return out;
}

/**
 * A peer's JSON, or undefined when it is not JSON or is deeper or larger than a window manager's state can be
 * (src/io/bounded-json.ts); the caller says so, without the peer's bytes.
 */
export function parseJson(text: string): unknown {
  const r = parseBoundedJson(text);
  return r.ok ? r.value : undefined;
}

/**
 * Re-reads a manager's state on request, folding requests that come while a read is under way into one more
 * read: a burst of events costs two reads, not one per event.
 */
export class FoldedRefresh {
  private reading = false;
  private again = false;

  constructor(private readonly read: () => Promise<void>) {}

  request(): void {
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = true;
    this.read().then(
      () => this.done(true),
      () => this.done(false),
    );
  }

  /** Forget a read under way (the connection it used is gone). */
  reset(): void {
    this.reading = this.again = false;
  }

  private done(ok: boolean): void {
    this.reading = false;
    if (ok && this.again) {
      this.again = false;
      this.request();
    }
  }
}
