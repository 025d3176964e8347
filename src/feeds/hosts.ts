/**
 * The bars tilebar feeds, one entry each: its name, whether it sends clicks on our stdin, the lines for its
 * config (`--print-config`) and the feed that writes its protocol. This list is the only place a host is named —
 * `feed`'s argument, its help and its messages derive from it — so a new host is its module plus one entry here
 * (or one entry passed in, as test/feeds/extra-host.test.ts does).
 *
 * Entries import their writers when they start or print: the command line lists the hosts without loading them.
 */
import type { BarModel } from '../config/model.js';
import type { RuntimeDir } from '../io/runtime-dir.js';
import type { FeedWidget } from './blocks.js';
import type { HostFeedContext } from './host-feeds.js';
import type { Feed } from './line-feed.js';
import type { TmuxPlace } from './tmux.js';

/** What a host's config lines are made of. */
export interface PrintConfigInput {
  /** ` --config PATH` when the user named the config, quoted for a shell; else empty. */
  configArgument: string;
  /** tmux's `--place`. */
  place: TmuxPlace;
  widgets: FeedWidget[];
  model: BarModel;
  /** Where the hosts' click commands write, or why there is nowhere. */
  runtime: RuntimeDir;
}

export interface FeedHost {
  name: string;
  /** How the help names it ("Polybar"); default: its name. */
  title?: string;
  /**
   * The host sends clicks on our stdin and keeps it open while it lives (i3bar, swaybar): its end means the host
   * went, its stop and continue signals are the protocol's, and the feed makes no click directory.
   */
  clicksOnStdin: boolean;
  /** The lines to put in the host's config for this bar. */
  printConfig(input: PrintConfigInput): string | Promise<string>;
  /** Its feed, started over the live bar. */
  start(context: HostFeedContext): Feed | Promise<Feed>;
}

const i3barLike = (name: 'i3bar' | 'swaybar'): FeedHost => ({
  name,
  clicksOnStdin: true,
  async printConfig(p) {
    const { i3barConfigBlock, workspaceWidgets } = await import('./i3bar.js');
    return i3barConfigBlock(`tilebar feed ${name}${p.configArgument}`, workspaceWidgets(p.model, p.widgets));
  },
  start: async (c) => (await import('./host-feeds.js')).i3barFeed(c),
});

export const BUILTIN_HOSTS: readonly FeedHost[] = [
  i3barLike('i3bar'),
  i3barLike('swaybar'),
  {
    name: 'tmux',
    clicksOnStdin: false,
    async printConfig(p) {
      const { tmuxConfLines } = await import('./tmux.js');
      const lines = tmuxConfLines(p.place, `tilebar feed tmux --place ${p.place}${p.configArgument}`, p.runtime.ok ? p.runtime.path : undefined);
      return `${[...lines, ...(p.runtime.ok ? [] : [`# clicks cannot be read: ${p.runtime.why}`])].join('\n')}\n`;
    },
    start: async (c) => (await import('./host-feeds.js')).tmuxFeed(c),
  },
  {
    name: 'polybar',
    title: 'Polybar',
    clicksOnStdin: false,
    printConfig: async (p) => (await import('./polybar.js')).polybarConfig(`tilebar feed polybar${p.configArgument}`),
    start: async (c) => (await import('./host-feeds.js')).polybarFeed(c),
  },
  {
    name: 'waybar',
    title: 'Waybar',
    clicksOnStdin: false,
    printConfig: async (p) => (await import('./waybar-feed.js')).printedWaybarConfig(p.widgets, p.runtime, `tilebar feed waybar${p.configArgument}`),
    start: async (c) => (await import('./host-feeds.js')).waybarFeed(c),
  },
];

export function hostNamed(name: string, hosts: readonly FeedHost[] = BUILTIN_HOSTS): FeedHost | undefined {
  return hosts.find((h) => h.name === name);
}

/** "a, b or c". */
export function oneOf(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}
