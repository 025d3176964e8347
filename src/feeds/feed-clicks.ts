/**
 * What a host's click does, the same for every host: a left click runs the block's action (focus a workspace,
 * a layout, a media control, an Applications item) and opens or closes the layout picker as in the pane; any
 * other button is the config's mouse binding for it (`on_middle_click`, the wheel, …). A click on a block that
 * is no longer there does nothing. Hosts that run a shell command per click name the block by a token made of
 * letters, digits, `-` and `_` only, safe in a shell word, a Polybar tag and a tmux format alike.
 */
import type { BarAction } from '../app/live-bar.js';
import { pickerAfter } from '../view/bar-state.js';
import type { MouseTrigger } from '../config/schema/mouse.js';
import type { FeedBlock } from './blocks.js';
import { CLICK_MARK } from './click-inbox.js';
import { BUTTON_BINDINGS } from './i3bar.js';

export interface ClickDeps {
  act(action: BarAction): void;
  bind(trigger: MouseTrigger, mouseFollowsFocus: boolean | undefined): void;
  mouseFollowsFocus(): boolean | undefined;
  /** The layout picker opened or closed: the host's line is written again. */
  redraw(): void;
}

export class FeedClicks {
  pickerOpen = false;

  constructor(private readonly deps: ClickDeps) {}

  click(block: FeedBlock | undefined, button: number): void {
    if (button !== 1) {
      const trigger = BUTTON_BINDINGS[button];
      if (trigger) this.deps.bind(trigger, this.deps.mouseFollowsFocus());
      return;
    }
    const action = block?.action;
    if (!action) return;
    if (action.kind !== 'toggle-layout-picker') this.deps.act(action);
    const open = pickerAfter(action, this.pickerOpen);
    if (open === this.pickerOpen) return;
    this.pickerOpen = open;
    this.deps.redraw();
  }
}

/** A block's click token: its instance in base64url (letters, digits, `-`, `_`), stable while the block is shown. */
export function clickToken(instance: string): string {
  return Buffer.from(instance, 'utf8').toString('base64url');
}

/** A click a host's command appended (`<token> <button>`, its line's mark taken off), or undefined for anything else. */
export function parseClickLine(line: string): { token: string; button: number } | undefined {
  const m = /^\s*([A-Za-z0-9_-]{1,512})\s+([1-9])\s*$/.exec(line);
  return m ? { token: m[1] ?? '', button: Number(m[2]) } : undefined;
}

/**
 * The shell test a host's command for the feeds runs first: that `dir`, the feeds' private runtime directory (a
 * plain path, runtime-dir.ts), is a real directory of the user's. A printed config (tmux.conf, Waybar's) names it
 * for good, and after a reboot another user may make a directory or a link of that name first (in /tmp); then
 * the command writes nothing and reads nothing, rather than into or from theirs. What the test saw holds for the
 * command after it: only its owner can move a directory of ours away from /tmp (sticky) or from $XDG_RUNTIME_DIR,
 * and nobody else can put anything in it.
 */
export function ownDirTest(dir: string): string {
  return `[ -O ${dir} ] && [ ! -L ${dir} ]`;
}

/**
 * The shell command a host runs for a click: one line, starting with the inbox's mark, appended to the feed's inbox
 * (a shell word) in the feeds' directory `dir`, when that directory is the user's (ownDirTest).
 */
export function appendClickCommand(dir: string, inbox: string, token: string, button: number): string {
  return `${ownDirTest(dir)} && echo ${CLICK_MARK}${token} ${button} >> ${inbox}`;
}
