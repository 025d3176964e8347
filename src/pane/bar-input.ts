/**
 * What the bar's keys and mouse mean, whichever renderer draws it: `q` quits, Ctrl-C quits as the signal
 * would (130), 1–9 launch the first nine launcher items, a left click does what is under it (the layout's
 * click targets) and, twice within 500 ms, the double-click binding; the other buttons and the wheel run the
 * config's mouse bindings (the wheel through the scroll thresholds); the pointer over an Applications item with
 * `show_command_on_hover` shows its command until it moves off it. Both renderers hand over the terminal's
 * input as it comes, one stream in order (the direct one its reads, the Ink app what Ink's parser passes on):
 * terminal-input.ts finds the keys and mouse reports in it, keeping a sequence cut between two reads whole.
 */
import type { BarModel } from '../config/model.js';
import type { MouseTrigger } from '../config/schema/mouse.js';
import type { BarLayout } from '../render/bar-types.js';
import { SIGNAL_EXIT } from '../io/exit-status.js';
import type { ClickAction } from '../../widgets/view.js';
import { BUTTON_TRIGGERS, DOUBLE_CLICK_MS, ScrollAccumulator, type MouseEvent } from './mouse.js';
import { TerminalInputDecoder } from './terminal-input.js';

export interface BarInputEffects {
  /** A click's action (the layout picker is toggled by the caller's own state; the rest act on the world). */
  perform(action: ClickAction): void;
  /** A mouse binding of the config fired. */
  binding(trigger: MouseTrigger): void;
  quit(status: number): void;
  /** Monotonic milliseconds, for double clicks. */
  now(): number;
  /**
   * What to show while the pointer is over an item that asks for it (an Applications item's command, with
   * `show_command_on_hover`); undefined when it left it. Called only when that changes.
   */
  hover?(text: string | undefined): void;
}

/** The click target under column `x` of the layout on screen, if any. */
const targetAt = (layout: BarLayout | undefined, x: number) => layout?.targets.find((t) => x >= t.x && x < t.x + t.width);

const NO_MOUSE = { verticalScrollThreshold: 30, horizontalScrollThreshold: 30, bindings: {} } as const;

export class BarInput {
  private scroll: ScrollAccumulator;
  private lastLeftPress = -Infinity;
  private hovering: string | undefined;
  private mouseOf: BarModel['mouse'];
  private readonly decoder = new TerminalInputDecoder();

  constructor(
    model: BarModel,
    private readonly effects: BarInputEffects,
  ) {
    this.mouseOf = model.mouse;
    this.scroll = new ScrollAccumulator(model.mouse ?? NO_MOUSE);
  }

  /** A new config: its bindings and thresholds from now on. */
  setModel(model: BarModel): void {
    if (model.mouse === this.mouseOf) return;
    this.mouseOf = model.mouse;
    this.scroll = new ScrollAccumulator(model.mouse ?? NO_MOUSE);
  }

  /**
   * The next piece of the terminal's input (a read, or what Ink's parser passed on), against the layout on
   * screen. A sequence it leaves unfinished is finished by the next piece: no byte of one is ever a key.
   */
  input(data: string, layout: BarLayout | undefined): void {
    for (const e of this.decoder.feed(data)) {
      if (e.kind !== 'key') this.mouse(e, layout);
      else if (e.key === 'q' || e.key === 'Q') this.effects.quit(0);
      // Ctrl-C arrives as a key in raw mode: the same status as the signal would give.
      else if (e.key === '\u0003') this.effects.quit(SIGNAL_EXIT.SIGINT);
      else if (e.key >= '1' && e.key <= '9') this.digit(Number(e.key), layout);
    }
  }

  private mouse(e: MouseEvent, layout: BarLayout | undefined): void {
    if (e.kind === 'move') {
      const action = targetAt(layout, e.x)?.action;
      const text = action?.kind === 'launch' && action.showCommand ? action.command : undefined;
      if (text === this.hovering) return;
      this.hovering = text;
      this.effects.hover?.(text);
      return;
    }
    if (e.kind === 'wheel') {
      for (const t of this.scroll.notch(e.direction)) this.effects.binding(t);
      return;
    }
    if (e.button === 'left') {
      const target = targetAt(layout, e.x);
      if (target) this.effects.perform(target.action);
      const now = this.effects.now();
      if (now - this.lastLeftPress <= DOUBLE_CLICK_MS) {
        this.effects.binding('on_primary_double_click');
        this.lastLeftPress = -Infinity;
      } else this.lastLeftPress = now;
      return;
    }
    this.effects.binding(BUTTON_TRIGGERS[e.button]);
  }

  /** The n-th launcher item on the bar (each item once, however many of its segments are clickable). */
  private digit(n: number, layout: BarLayout | undefined): void {
    const launchers = new Map<string, ClickAction>();
    for (const t of layout?.targets ?? []) if (t.action.kind === 'launch' && !launchers.has(t.action.id)) launchers.set(t.action.id, t.action);
    const action = [...launchers.values()][n - 1];
    if (action) this.effects.perform(action);
  }
}
