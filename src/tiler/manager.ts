/**
 * One normalised Tiler state (state.ts), several window managers. Each manager has a source that keeps the
 * state current and a translator that turns the bar's messages (clicks, mouse bindings: the komorebi message
 * vocabulary) into that manager's own commands. A message with no equivalent is `unsupported` (logged, and
 * reported by `check --tiler`); one that only matters to komorebi's pointer handling is `ignored`.
 */
import type { SocketMessage } from '../config/schema/socket-message.js';
import type { TilerState, TilerStateResult } from './state.js';

export const MANAGERS = ['komorebi', 'i3', 'sway', 'hyprland'] as const;
export type ManagerName = (typeof MANAGERS)[number];
export type ManagerChoice = ManagerName | 'none';

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
