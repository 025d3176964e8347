/**
 * The tests of what differs between Node's lines, for CI's run on the lines that do not run the whole suite
 * (`npx vitest run --config vitest.lines.config.ts`, after `npm run build` under that Node; the whole suite runs
 * on one line). A file is here when what it checks is Node's doing, not ours alone, and changed or could change
 * between 22, 24 and 26: a default of Node's (the streams' high-water mark went from 16 KB to 64 KB in 22), the
 * output format of one of its switches (NODE_DEBUG=esm grew from 0.4 MB to 3.7 MB in 24), V8 (its flags, its
 * code cache, its coverage), the module loader (require(esm) from 22.12), signals and the inspector, child
 * processes and pipes, Buffer and the APIs old dependencies call (dbus-next, x11; Node 26 has no SlowBuffer),
 * and Node as it runs for real in a tmux pane and under each host bar. The rest — the config core, fitting,
 * painting, themes, the view step, the architecture — is pure code over our own data, the same on any line.
 * Everything else is the suite's (vitest.config.ts): its limits, setup files and checks apply here too.
 *
 * Measured on the 2-core development machine: see docs/development.md (CI) for the figures; the aim is at most
 * 3 minutes a line. A file added here should be one whose subject is Node's behaviour, and cheap.
 */
import { defineConfig } from 'vitest/config';
import suite from './vitest.config.js';

export const LINES_INCLUDE = [
  // Streams and buffers: a stalled host's queue is bounded by our number, whatever Node's high-water mark;
  // EPIPE on a closed stdout; standard input read to a bound (`check -`).
  'test/feeds/stalled-host.test.ts',
  'test/feeds/newest-line-writer.test.ts',
  'test/feeds/closed-stdout.test.ts',
  'test/cli/check.test.ts',
  // Timers of Node's (a writer's heartbeat above, unref/refresh), and the reconnecting loops over them.
  'test/io/reconnect.test.ts',
  // Child processes: the long-lived helpers (spawn, pipes, restart), detached commands, gsettings monitor's lines.
  'test/system/line-helper.test.ts',
  'test/tiler/commands.test.ts',
  'test/keyboard/sources.test.ts',
  // Signals: SIGUSR1/SIGUSR2 (and Node's inspector) in the feeds and the pane, SIGHUP at any moment of start-up,
  // how a bar ends.
  'test/feeds/feed-signals.test.ts',
  'test/tty/signals-tty.test.ts',
  'test/tty/hangup-tty.test.ts',
  // 200 starts signalled with SIGUSR1 while another user polls Node's inspector port: closed on every line.
  'test/cli/sigusr1-inspector.test.ts',
  'test/tty/exit-tty.test.ts',
  // Module loading and the one-shot launchers: what each command loads (V8's coverage), V8's flags, the
  // CommonJS launcher and the ES module build, chalk's colour decided before Ink loads.
  'test/cli/start-up-modules.test.ts',
  'test/cli/v8-flags.test.ts',
  'test/cli/bare-command.test.ts',
  'test/colour/ink-colour-env.test.ts',
  // The code cache: V8's cache data is per Node version and flags; keyed, sealed, refused and replaced.
  'test/cli/code-cache.test.ts',
  // The pane in tmux: the bar as it runs, and a bare `tilebar` in a terminal.
  'test/tty/run-tty.test.ts',
  'test/tty/bare-tty.test.ts',
  // Every feed's first lines: in process, from real processes, and under the real host bars.
  'test/feeds/line-hosts.test.ts',
  'test/feeds/i3bar-feed.test.ts',
  'test/feeds/waybar-feed.test.ts',
  'test/feeds/tmux-real.test.ts',
  'test/feeds/polybar-real.test.ts',
  'test/feeds/i3bar-real.test.ts',
  'test/feeds/waybar-real.test.ts',
  // Old dependencies on Node's APIs: dbus-next on a real session bus, x11 on a real X server; node:http(s).
  'test/media/mpris.test.ts',
  'test/keyboard/x11.test.ts',
  'test/system/update-check.test.ts',
];

// The suite's config with this list in place of its include (mergeConfig would add the two lists together).
export default defineConfig({ ...suite, test: { ...suite.test, include: LINES_INCLUDE } });
