/**
 * What draws a running bar: the Ink app (ink/mount.tsx, the default) or the direct renderer
 * (direct-view.ts, `--renderer direct`). Both subscribe to the same store, lay out with the same pure
 * function, hand frames to the same FrameWriter and read input through BarInput.
 */
import type { BarStore } from '../app/store.js';
import type { ColourDepth } from '../colour/depth.js';
import type { MouseTrigger } from '../config/schema/mouse.js';
import type { TilerViewOptions } from '../../widgets/tiler/view.js';
import type { ClickAction } from '../../widgets/view.js';
import type { RunTerminal } from '../io/terminal.js';
import type { FrameWriter } from './terminal.js';

export const RENDERERS = ['ink', 'direct'] as const;
export type Renderer = (typeof RENDERERS)[number];

export interface BarViewOptions {
  store: BarStore;
  writer: FrameWriter;
  terminal: RunTerminal;
  depth: ColourDepth;
  version: string;
  tilerOptions: Omit<TilerViewOptions, 'pickerOpen'>;
  /** A click's action other than the layout picker: launch a command, send messages. */
  onAction(action: Exclude<ClickAction, { kind: 'toggle-layout-picker' }>): void;
  /** A mouse binding fired; `mouseFollowsFocus` is the manager's setting as the bar knows it. */
  onBinding(trigger: MouseTrigger, mouseFollowsFocus: boolean | undefined): void;
  onQuit(status: number): void;
  /** A frame could not be laid out: the last one stays; the caller logs it (and may validate a cached model). */
  onDrawError(error: unknown): void;
  /** Monotonic milliseconds (the scheduler's clock), for double clicks. */
  now(): number;
}

export interface BarView {
  /** Stop drawing and reading input (the terminal is restored by the caller). */
  stop(): Promise<void>;
}

