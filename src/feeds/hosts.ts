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
   * Its paragraph in `feed --help`: where its config lives and what to put there, wrapped by hand under 113
   * columns. Hosts that share one paragraph (i3bar and swaybar) give the same text, printed once.
   */
  help: string;
  /**
   * The host sends clicks on our stdin and keeps it open while it lives (i3bar, swaybar): its end means the host
   * went, its stop and continue signals are the protocol's, and the feed makes no click directory.
   */
  clicksOnStdin: boolean;
  /**
   * The host reads a named pipe itself, so its config runs a shell loop and `cat` (`thinLoop`), not a Node process:
   * the loop's `tilebar feed <host> --pipe` attaches, the user's core runs this host's feed and writes its lines
   * into the pipe (serve/thin-feeds.ts). Waybar has none: its modules already read pipes the feed keeps across
   * restarts, and its feed is their writer (waybar-feed.ts).
   */
  thin?: boolean;
  /** The lines to put in the host's config for this bar. */
  printConfig(input: PrintConfigInput): string | Promise<string>;
  /** Its feed, started over the live bar. */
  start(context: HostFeedContext): Feed | Promise<Feed>;
}

const I3BAR_HELP = `i3 and sway (~/.config/i3/config, ~/.config/sway/config); "tilebar feed i3bar --print-config" (or swaybar)
prints a block for your config whose status command is a shell loop and cat reading your tilebar core's pipe
(no Node process stays), with "workspace_buttons no" when its Tiler widget shows the workspaces (the bar's own
buttons would show them a second time). The simplest, a Node process of its own attached to the core:
  bar {
      status_command tilebar feed i3bar
      workspace_buttons no
  }`;

const i3barLike = (name: 'i3bar' | 'swaybar'): FeedHost => ({
  name,
  clicksOnStdin: true,
  thin: true,
  help: I3BAR_HELP,
  async printConfig(p) {
    const { i3barConfigBlock, workspaceWidgets } = await import('./i3bar.js');
    return i3barConfigBlock(thinLoopWithClicks(`tilebar feed ${name}${p.configArgument}`), workspaceWidgets(p.model, p.widgets));
  },
  start: async (c) => (await import('./host-feeds.js')).i3barFeed(c),
});

export const BUILTIN_HOSTS: readonly FeedHost[] = [
  i3barLike('i3bar'),
  i3barLike('swaybar'),
  {
    name: 'tmux',
    clicksOnStdin: false,
    thin: true,
    help: `tmux (~/.tmux.conf): the bar as a second status line, redrawn as it changes (at most once a second), clicks
included (tmux 3.3 and later), painted in the theme across the whole line; "tilebar feed tmux --print-config"
prints these lines with your own runtime directory in place of /run/user/1000/tilebar (--place right or left:
the lines for status-right or status-left instead):
  set -g mouse on
  set -g status 2
  set -g status-format[1] '#(while :; do if f=\`tilebar feed tmux --place line --pipe\`; then cat "$f"; else tilebar feed tmux --place line || sleep 9; fi; kill -0 $PPID 2>/dev/null || exit; sleep 1; done)'
  bind -n MouseDown1StatusDefault if -F '#{==:#{mouse_y},1}' "run-shell -b \\"[ -O /run/user/1000/tilebar ] && [ ! -L /run/user/1000/tilebar ] && echo @#{mouse_y} #{mouse_x} #{client_width} 1 >> /run/user/1000/tilebar/tmux-#{pid}.clicks\\""
  bind -n MouseDown2StatusDefault if -F '#{==:#{mouse_y},1}' "run-shell -b \\"[ -O /run/user/1000/tilebar ] && [ ! -L /run/user/1000/tilebar ] && echo @#{mouse_y} #{mouse_x} #{client_width} 2 >> /run/user/1000/tilebar/tmux-#{pid}.clicks\\""
  bind -n MouseDown3StatusDefault if -F '#{==:#{mouse_y},1}' "run-shell -b \\"[ -O /run/user/1000/tilebar ] && [ ! -L /run/user/1000/tilebar ] && echo @#{mouse_y} #{mouse_x} #{client_width} 3 >> /run/user/1000/tilebar/tmux-#{pid}.clicks\\""
  bind -n WheelUpStatusDefault if -F '#{==:#{mouse_y},1}' "run-shell -b \\"[ -O /run/user/1000/tilebar ] && [ ! -L /run/user/1000/tilebar ] && echo @#{mouse_y} #{mouse_x} #{client_width} 4 >> /run/user/1000/tilebar/tmux-#{pid}.clicks\\""
  bind -n WheelDownStatusDefault if -F '#{==:#{mouse_y},1}' "run-shell -b \\"[ -O /run/user/1000/tilebar ] && [ ! -L /run/user/1000/tilebar ] && echo @#{mouse_y} #{mouse_x} #{client_width} 5 >> /run/user/1000/tilebar/tmux-#{pid}.clicks\\""`,
    async printConfig(p) {
      const { tmuxConfLines } = await import('./tmux.js');
      const lines = tmuxConfLines(p.place, thinLoop(`tilebar feed tmux --place ${p.place}${p.configArgument}`), p.runtime.ok ? p.runtime.path : undefined);
      return `${[...lines, ...(p.runtime.ok ? [] : [`# clicks cannot be read: ${p.runtime.why}`])].join('\n')}\n`;
    },
    start: async (c) => (await import('./host-feeds.js')).tmuxFeed(c),
  },
  {
    name: 'polybar',
    title: 'Polybar',
    clicksOnStdin: false,
    thin: true,
    help: `Polybar (~/.config/polybar/config.ini), a module with the whole bar, its left, centre and right where the pane
puts them; its clicks need no setup. Your other modules go before it in modules-left or in modules-right, none in
modules-center (they would cover tilebar's centre and right):
  modules-left = tilebar        (in your [bar/...] section)
  [module/tilebar]
  type = custom/script
  exec = tilebar feed polybar
  tail = true
"tilebar feed polybar --print-config" prints these lines with an exec that runs a shell loop and cat reading your
tilebar core's pipe instead (no Node process stays).`,
    printConfig: async (p) => (await import('./polybar.js')).polybarConfig(thinLoop(`tilebar feed polybar${p.configArgument}`)),
    start: async (c) => (await import('./host-feeds.js')).polybarFeed(c),
  },
  {
    name: 'waybar',
    title: 'Waybar',
    clicksOnStdin: false,
    help: `Waybar: a module per widget block, all served by one tilebar (the custom/tilebar module). Print the modules for
your config and merge them into ~/.config/waybar/config:
  tilebar feed waybar --print-config`,
    printConfig: async (p) => (await import('./waybar-feed.js')).printedWaybarConfig(p.widgets, p.runtime, `tilebar feed waybar${p.configArgument}`),
    start: async (c) => (await import('./host-feeds.js')).waybarFeed(c),
  },
];

/**
 * Ends a thin loop whose host is gone. The host started the loop's shell (tmux, i3bar and swaybar run their
 * command's `sh -c` themselves), so `$PPID` is the host's pid; once that is gone, nobody reads what the loop writes.
 * A builtin: nothing is started to ask.
 */
const HOST_GONE = 'kill -0 $PPID 2>/dev/null || exit';

/**
 * Said after the loop's own feed, which runs where no pipe can be had: when it failed, the loop waits 10 s, not 1,
 * before trying again. Its error is the same at each try (a `--monitor` komorebi.json lists no bar for, an option
 * this tilebar does not know) and each try starts Node twice (the `--pipe` run, the feed): a second apart, the
 * loop took a fifth of a CPU for as long as the host ran. A feed that ended well (its host closed it) is tried
 * again after a second.
 */
const FAILED_WAIT = '|| sleep 9';

/**
 * A thin feed's shell loop (run by the host's `sh -c`): `--pipe` attaches and prints the pipe the core writes, which
 * `cat` reads until the core closes it (it stopped, or was replaced); then, a second later, the loop attaches again,
 * and a core is started when none answers. Where no pipe can be had (`--standalone`, a core of another protocol,
 * no private directory) the feed runs in a process of its own, as without the loop. No parenthesis: tmux's `#()`
 * would end at the first; the command substitution is in backquotes.
 *
 * The loop ends once its host has gone (`HOST_GONE`): a host that ends its job kills the shell, but one killed
 * outright (a crash, the OOM killer) kills nothing, and the loop, handed to init, attached again every second for
 * good, its `cat` failing at the first line, the core kept alive by it.
 */
export function thinLoop(command: string): string {
  return `while :; do if f=\`${command} --pipe\`; then cat "$f"; else ${command} ${FAILED_WAIT}; fi; ${HOST_GONE}; sleep 1; done`;
}

/**
 * The thin loop of a host that sends its clicks on our stdin and reads one stream for its life (i3bar, swaybar):
 * stdin kept as descriptor 3 (a command run in the background would get /dev/null), a `cat` forwarding it into the
 * pipe's `.clicks` pipe while the other `cat` reads the bar's lines, and each feed told which part of the stream it
 * is (loop-part.ts: the header is the first's). Nothing quoted: sway's config parser strips quotes, so the pipe's
 * path is plain characters (the core makes no other: serve/thin-feeds.ts), and the variables are tilebar's own
 * names and the shell's `$PPID` (i3 and sway replace `$name` where the config `set` it).
 */
export function thinLoopWithClicks(command: string): string {
  const part = `${command} --part $tilebar_part`;
  return `tilebar_part=first; exec 3<&0; while :; do if tilebar_pipe=\`${part} --pipe\`; then tilebar_part=next; cat <&3 >$tilebar_pipe.clicks & tilebar_cat=$!; cat $tilebar_pipe; kill $tilebar_cat 2>/dev/null; else ${part} <&3 ${FAILED_WAIT}; tilebar_part=next; fi; ${HOST_GONE}; sleep 1; done`;
}

export function hostNamed(name: string, hosts: readonly FeedHost[] = BUILTIN_HOSTS): FeedHost | undefined {
  return hosts.find((h) => h.name === name);
}

/** The hosts' paragraphs for `feed --help`, in the list's order, each once, a blank line between. */
export function hostsHelp(hosts: readonly FeedHost[]): string {
  return [...new Set(hosts.map((h) => h.help))].join('\n\n');
}
