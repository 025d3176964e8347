/**
 * Which front end a host gets, over the same live bar: i3bar/swaybar read clicks on our stdin; Waybar's modules
 * are served through pipes (waybar-feed.ts); tmux and Polybar run a shell command per click that appends to the
 * feed's inbox (feeds/click-inbox.ts), in tilebar's private runtime directory (io/runtime-dir.ts): tmux's named
 * after its server and place (the binding names it with `#{pid}`; tmux's feeds for one place, one per client,
 * share it through a claim: inbox-claim.ts), Polybar's after the feed (the feed writes its path into each action
 * tag). An inbox a killed feed left there is removed when the next feed starts.
 */
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { FrontEndView } from '../app/store.js';
import type { BarSnapshot } from '../app/store.js';
import type { Log } from '../io/log.js';
import { removeStaleInboxes } from './click-inbox.js';
import { clickToken, appendClickCommand, parseClickLine } from './feed-clicks.js';
import { startI3barFeed } from './i3bar-feed.js';
import { startLineFeed, type Feed, type LineFeedClicks } from './line-feed.js';
import { polybarLine } from './polybar.js';
import { resolveTmuxClick, tmuxInboxName, tmuxStatus, type TmuxPlace } from './tmux.js';
import { BUTTON_BINDINGS } from './i3bar.js';
import type { RuntimeDir } from '../io/runtime-dir.js';
import { columnsOf } from '../render/cells.js';
import { startWaybarFeed } from './waybar-feed.js';
import type { TilerViewOptions } from '../../widgets/tiler/view.js';
import type { Heartbeats } from './newest-line-writer.js';
import type { LoopPart } from './loop-part.js';

export interface HostFeedContext {
  /** The feed's view of the live bar: what it shows, and where its clicks go. */
  view: FrontEndView;
  out: Writable;
  in: Readable;
  env: Readonly<Record<string, string | undefined>>;
  version: string;
  tilerOptions: Omit<TilerViewOptions, 'pickerOpen'>;
  log: Log;
  tmuxPlace: TmuxPlace;
  /** The private directory the hosts' click commands write to (io/runtime-dir.ts), or why there is none. */
  runtime: RuntimeDir;
  /**
   * The bar's heartbeats (LiveBar.onTick): at one with nothing written since the one before, a quiet feed writes
   * again, to learn whether its host is still there.
   */
  ticks?: Heartbeats;
  /** The feed is a part of its host's `--print-config` loop (loop-part.ts): i3bar's header is the first part's. */
  part?: LoopPart;
  /**
   * The feed's name among those this process runs (a thin feed's: `thin<n>`, letters and digits), for what is named
   * after the feed's process: Polybar's inbox. Absent: the process runs one feed.
   */
  name?: string;
}

const gapOf = (s: BarSnapshot) => columnsOf(s.model.widgetSpacing, s.look.metrics.cell);

/** What every host's feed takes from the context: its view, where it writes, and when a quiet one writes again. */
function feedBase(c: HostFeedContext) {
  return {
    store: c.view,
    out: c.out,
    version: c.version,
    tilerOptions: c.tilerOptions,
    ...(c.ticks ? { ticks: c.ticks } : {}),
  };
}

function clickDeps(c: HostFeedContext) {
  return {
    act: c.view.act,
    bind: c.view.bind,
    mouseFollowsFocus: () => c.view.getSnapshot().tiler?.mouseFollowsFocus,
  };
}

/** The pid of the tmux server running us (`$TMUX` names its socket, pid and session), or undefined outside tmux. */
export function tmuxServerPid(env: Readonly<Record<string, string | undefined>>): number | undefined {
  const pid = env.TMUX?.split(',')[1];
  return pid && /^\d{1,10}$/.test(pid) && Number(pid) > 0 ? Number(pid) : undefined;
}

/** The inbox of our place of the tmux server running us, or undefined outside tmux. */
export function tmuxInbox(env: Readonly<Record<string, string | undefined>>, runtimeDir: string, place: TmuxPlace): string | undefined {
  const pid = tmuxServerPid(env);
  return pid !== undefined ? join(runtimeDir, tmuxInboxName(String(pid), place)) : undefined;
}

/** The runtime directory, with stale inboxes gone, or undefined (said in the log) when clicks cannot be read. */
function clicksDir(c: HostFeedContext, host: string): string | undefined {
  if (!c.runtime.ok) {
    c.log(`feed ${host}: clicks are not read: ${c.runtime.why}`);
    return undefined;
  }
  removeStaleInboxes(c.runtime.path);
  return c.runtime.path;
}

export function tmuxFeed(c: HostFeedContext): Feed {
  const dir = clicksDir(c, 'tmux');
  const inbox = dir === undefined ? undefined : tmuxInbox(c.env, dir, c.tmuxPlace);
  if (dir !== undefined && !inbox) c.log('feed tmux: $TMUX is not set (not started by tmux?): clicks are not read');
  const clicks: LineFeedClicks | undefined = inbox
    ? { ...clickDeps(c), inbox, log: c.log, shared: true, resolve: (line, blocks, s) => resolveTmuxClick(line, blocks, gapOf(s), c.tmuxPlace) }
    : undefined;
  return startLineFeed({
    ...feedBase(c),
    format: (blocks, s) => tmuxStatus(blocks, gapOf(s), c.tmuxPlace, s.look.backgrounds.bar),
    ...(clicks ? { clicks } : {}),
  });
}

export function polybarFeed(c: HostFeedContext): Feed {
  const dir = clicksDir(c, 'polybar');
  const inbox = dir === undefined ? undefined : join(dir, `polybar-${process.pid}${c.name !== undefined && /^[a-z0-9]{1,16}$/.test(c.name) ? `-${c.name}` : ''}.clicks`);
  const resolve: LineFeedClicks['resolve'] = (line, blocks) => {
    const click = parseClickLine(line);
    return click ? { block: blocks.find((b) => clickToken(b.instance) === click.token), button: click.button } : undefined;
  };
  return startLineFeed({
    ...feedBase(c),
    format: (blocks, s) => {
      if (!inbox || dir === undefined) return polybarLine(blocks, gapOf(s));
      const bindings = s.model.mouse?.bindings ?? {};
      const bound = Object.entries(BUTTON_BINDINGS)
        .filter(([button, trigger]) => Number(button) <= 5 && bindings[trigger])
        .map(([button]) => Number(button));
      return polybarLine(blocks, gapOf(s), { token: (b) => clickToken(b.instance), command: (token, button) => appendClickCommand(dir, inbox, token, button), bound });
    },
    ...(inbox ? { clicks: { ...clickDeps(c), inbox, log: c.log, resolve } } : {}),
  });
}

export function waybarFeed(c: HostFeedContext): Feed {
  return startWaybarFeed({ ...feedBase(c), env: c.env, runtime: c.runtime, clickDeps: clickDeps(c), log: c.log });
}

/** i3bar and swaybar: the protocol's JSON lines on stdout, clicks on stdin. */
export function i3barFeed(c: HostFeedContext): Feed {
  return startI3barFeed({ ...feedBase(c), in: c.in, ...clickDeps(c), log: c.log, ...(c.part ? { part: c.part } : {}) });
}
