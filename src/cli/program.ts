/**
 * The command line: every command registered here works; later commands arrive with their issues.
 * Each command's module is imported when it runs, so `themes` or `--version` never load the config schemas.
 */
import { Command, CommanderError, Option } from 'commander';
import { EXIT, UsageError, type CliIo } from './io.js';
import { ExampleConfigUnwritable } from '../install/example-config-error.js';
import { NoHome } from '../io/user-dirs.js';
import { colorOption, terminalBgOption } from './colour-options.js';
import { cellOption, iconsOption, setOption } from './render-options.js';
import { monitorOption } from './monitor-option.js';
import { parseVariant, type Variant } from '../config/variant.js';
import { VERSION } from '../version.js';
import { runtimeLine } from './node-floor.js';
import type { CommandModules, CommandName } from './commands.js';
import { BUILTIN_FORMATS, formatsHelp, type PreviewFormat } from '../render/formats.js';
import { BUILTIN_HOSTS, hostsHelp, type FeedHost } from '../feeds/hosts.js';
import { BUILTIN_MANAGERS, managerChoices, tilerHelp, type WindowManager } from '../tiler/managers.js';
import { wordList } from '../text/word-list.js';

/**
 * The lists the command line offers choices from — each its author's own list, the built-in one unless another
 * is given (tests add an entry from the test alone, as test/widgets/extra-kind.test.tsx adds a widget kind).
 */
export interface CliLists {
  formats?: readonly PreviewFormat[];
  managers?: readonly WindowManager[];
  hosts?: readonly FeedHost[];
}

const tilerOption = (managers: readonly WindowManager[]) => new Option('--tiler <manager>', tilerHelp(managers)).choices(managerChoices(managers));

const variantOption = () =>
  new Option('--variant <A|B>', 'format variant: A (Windows) or B (macOS); default from $schema, else the platform').argParser(
    (value: string): Variant => {
      const v = parseVariant(value);
      if (!v) throw new UsageError(`--variant must be A or B, not "${value}"`);
      return v;
    },
  );

/**
 * Parse `argv` and run its command with the module `commands` gives for it. A one-shot command's own script
 * gives only its module: reaching another one there is a bug in the dispatch (main.ts), said as such.
 */
export async function runCli(argv: readonly string[], io: CliIo, commands: Partial<CommandModules>, lists: CliLists = {}): Promise<number> {
  const load = <K extends CommandName>(name: K): ReturnType<CommandModules[K]> => {
    const loader = commands[name];
    if (!loader) throw new Error(`the ${name} command is not in this script`);
    return loader() as ReturnType<CommandModules[K]>;
  };
  let code: number = EXIT.ok;
  const program = new Command('tilebar')
    .description('A terminal status bar for komorebi.bar.json configurations.')
    .version(`${VERSION}\n${runtimeLine(process.version, process.platform, process.arch)}`, '-V, --version')
    .exitOverride()
    // One style for every error: commander's own ("error: unknown command") reads as tilebar's other messages.
    .configureOutput({ writeOut: io.out, writeErr: io.err, outputError: (text, write) => write(text.replace(/^error: /, 'tilebar: ')) })
    .showHelpAfterError('(run with --help for usage)');
  const cli: CommandLine = { program, io, load, done: (c) => void (code = c), lists };

  checkCommandLine(cli);
  schemaCommandLine(cli);
  themesCommandLine(cli);
  runCommandLine(cli);
  previewCommandLine(cli);
  thresholdsCommandLine(cli);
  feedCommandLine(cli);
  serveCommandLine(cli);

  try {
    await program.parseAsync(['node', 'tilebar', ...argv]);
  } catch (e) {
    if (e instanceof CommanderError) {
      return e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help'
        ? EXIT.ok
        : EXIT.usage;
    }
    if (e instanceof UsageError || e instanceof ExampleConfigUnwritable || e instanceof NoHome) {
      io.err(`tilebar: ${e.message}\n`);
      return EXIT.usage;
    }
    throw e;
  }
  return code;
}

/** What each command's definition needs: the program to add to, the I/O, its module, where its status goes. */
interface CommandLine {
  program: Command;
  io: CliIo;
  load: <K extends CommandName>(name: K) => ReturnType<CommandModules[K]>;
  done: (code: number) => void;
  lists: CliLists;
}

/** The managers given to the command line, for a command's deps (none given: the command's own default). */
const managersOf = (ctx: CommandLine): { managers?: readonly WindowManager[] } => (ctx.lists.managers ? { managers: ctx.lists.managers } : {});

/** `tilebar check`. */
function checkCommandLine(ctx: CommandLine): void {
  ctx.program
    .command('check')
    .description('validate bar config files and explain every problem')
    .argument('[files...]', "config files; without one, every config komorebi.json's bar_configurations lists, else the discovered config")
    .addOption(variantOption())
    .option('-c, --config <file>', 'the config to check when no FILE is given')
    .addOption(monitorOption())
    .option('--json', 'print the problems as JSON')
    .option('--fix', 'rewrite old key names and unambiguous misspellings in place, keeping comments')
    .option('-q, --quiet', 'print errors only (no summary, no excerpts)')
    .addOption(tilerOption(ctx.lists.managers ?? BUILTIN_MANAGERS))
    .addOption(colorOption())
    .addHelpText(
      'after',
      `
Examples:
  tilebar check ~/komorebi.bar.json
  tilebar check --variant B --json bar.json
  tilebar check --fix bar.json        # focused_window → focused_container, "Gruvbox-Dark-Medium" → "GruvboxDarkMedium"
  tilebar check --tiler i3 bar.json   # which clicks and bindings do nothing on i3, and why
  cat bar.json | tilebar check -      # - reads standard input

Problems print as FILE:LINE:COL: error|warning|note: PATH: MESSAGE, sorted by position; --json prints an
array with one report per file.

Without FILE or --config, every config komorebi.json lists in "bar_configurations" is checked, each with the
monitor its bar is on (komorebi.json: in $KOMOREBI_CONFIG_HOME, else ~/.config/komorebi; on Windows %USERPROFILE%).
Config discovery without FILE or such a list: --config, $KOMOREBI_CONFIG_HOME/komorebi.bar.json,
$XDG_CONFIG_HOME/tilebar/bar.json (~/.config/tilebar/bar.json), ~/komorebi.bar.json, then the embedded default.
On Windows: %KOMOREBI_CONFIG_HOME%\\komorebi.bar.json, %USERPROFILE%\\.config\\tilebar\\bar.json,
%USERPROFILE%\\komorebi.bar.json, then %XDG_CONFIG_HOME%\\tilebar\\bar.json (a path with a drive letter only).
Exit status: 0 valid (warnings allowed), 1 config errors, 2 usage errors (an unreadable file among them).`,
    )
    .action(async (files: string[], opts) => {
      const { checkCommand } = await ctx.load('check');
      ctx.done(await checkCommand(files, opts, ctx.io, managersOf(ctx)));
    });
}

/** `tilebar schema`. */
function schemaCommandLine(ctx: CommandLine): void {
  ctx.program
    .command('schema')
    .description('print a JSON Schema (2020-12) of the format, for editor completion')
    .addOption(variantOption())
    .addHelpText(
      'after',
      `
Examples:
  tilebar schema > tilebar.schema.json      # then "$schema": "./tilebar.schema.json" in your bar.json
  tilebar schema --variant B`,
    )
    .action(async (opts) => {
      const { schemaCommand } = await ctx.load('schema');
      ctx.done(await schemaCommand(opts, ctx.io));
    });
}

/** `tilebar themes`. */
function themesCommandLine(ctx: CommandLine): void {
  ctx.program
    .command('themes')
    .description('list every palette, or show one palette and the colours the bar paints with')
    .argument('[name...]', 'a palette: Ashes, GoogleDark, Pastel/Mocha, Catppuccin/Latte, Base16/Mocha, ...')
    .option('--json', 'print the palettes as data')
    .addOption(variantOption())
    .addOption(colorOption())
    .addOption(terminalBgOption())
    .addHelpText(
      'after',
      `
Examples:
  tilebar themes                       # all 273 palettes; colour swatches in a terminal
  tilebar themes Ashes                 # its 16 colours and every role of the bar
  tilebar themes Pastel/Mocha          # a Catppuccin flavour (also Catppuccin/Mocha or "Pastel Mocha")
  tilebar themes GruvboxDarkHard --color 256 --terminal-bg '#000000'
  tilebar themes --json | jq length

Names: Base16 palettes by the spec's or the real name (SearchDark or GoogleDark); Pastel flavours as
Pastel/NAME, because "Mocha" alone is also a Base16 palette. Case and separators do not matter.`,
    )
    .action(async (name: string[], opts) => {
      const { themesCommand } = await ctx.load('themes');
      ctx.done(themesCommand(name, opts, ctx.io));
    });
}

/** `tilebar run`. */
function runCommandLine(ctx: CommandLine): void {
  ctx.program
    .command('run')
    .description('run the bar in this terminal (a 1-row tmux split, a small docked window, a WezTerm or kitty pane)')
    .option('-c, --config <file>', 'the bar config (default: discovered as for check; the embedded example if none)')
    .addOption(variantOption())
    .addOption(iconsOption())
    .addOption(cellOption())
    .addOption(colorOption())
    .addOption(terminalBgOption())
    .option('--update-url <url>', 'where the Update widget looks for the newest version (default: the npm registry)')
    .option('--log <file>', 'where reloads and config errors are logged (default: $XDG_STATE_HOME/tilebar/tilebar.log; on Windows %LOCALAPPDATA%\\tilebar\\tilebar.log)')
    .addOption(tilerOption(ctx.lists.managers ?? BUILTIN_MANAGERS))
    .option('--tiler-socket-dir <dir>', "komorebi's data directory with komorebi.sock (default: ~/Library/Application Support/komorebi, $XDG_RUNTIME_DIR/komorebi)")
    .option('--no-mouse', 'leave the mouse to the terminal (for selecting text) instead of clicks on the bar')
    .addOption(monitorOption())
    .option('--standalone', "run the bar in this process instead of attaching to your tilebar core (started when none runs; `tilebar serve --status`); also TILEBAR_STANDALONE=1")
    .addOption(
      new Option('--renderer <renderer>', 'ink: the Ink app (default); direct: the same frames serialized directly, at a fraction of the CPU and memory').choices(['ink', 'direct']),
    )
    .addHelpText(
      'after',
      `
Examples:
  tmux split-window -v -l 1 'tilebar run'
  tilebar run --config ~/komorebi.bar.json --icons nerd

q or Ctrl-C quits; 1–9 launch the first nine Applications items. Clicks: a workspace focuses it, the layout
opens its picker, a switcher entry replaces the configuration, an Applications button launches it; the
config's mouse bindings get the other buttons and the wheel. Saving the config applies it within a second;
a config with errors keeps the last good bar, shows "config error: …" in it, and logs every located problem.

Signals: SIGUSR1 reads every source again now (as i3status does), SIGUSR2 reads the config again now (as Waybar
and Polybar do), each said in the log; neither opens Node's inspector. SIGHUP (the terminal closed) ends with 129,
SIGINT 130, SIGTERM 143; a second one while the bar ends ends it at once.`,
    )
    .action(async (opts) => {
      const { runCommand } = await ctx.load('run');
      ctx.done(await runCommand(opts, ctx.io, managersOf(ctx)));
    });
}

/** `tilebar preview`. */
function previewCommandLine(ctx: CommandLine): void {
  const formats = ctx.lists.formats ?? BUILTIN_FORMATS;
  ctx.program
    .command('preview')
    .description('render one frame of the bar without a terminal: to check a config, for a screenshot, or in CI')
    .option('-c, --config <file>', 'the bar config (default: discovered as for check)')
    .addOption(monitorOption())
    .addOption(variantOption())
    .option('--width <columns>', 'width in columns (default: the narrowest at which nothing gives way; in a terminal at most its width)')
    .option('--height <rows>', "height in rows (default: the config's height; 50 px is 3 rows at font_size 12.5)")
    .addOption(
      new Option('--format <format>', `${formatsHelp(formats)}; default ansi in a terminal, else text`).choices(formats.map((f) => f.name)),
    )
    .option('-o, --output <file>', 'write the frame to FILE instead of standard output')
    .option('--scale <n>', 'svg and png: pixels per cell pixel, e.g. 2 for a HiDPI picture (default 1)')
    .option('--font <file>', 'png: a TTF/OTF font drawn from before the shipped DejaVu Sans Mono, e.g. a Nerd Font for its icons (repeatable)', (v: string, all: string[] = []) => [...all, v])
    .option('--at <iso-8601>', 'the instant to show, e.g. 2024-09-08T09:05:03 (local time of TZ or the system zone) or with an offset')
    .addOption(setOption())
    .option('--data <file>', 'a JSON file of readings with the --set keys, e.g. {"cpu": 95, "storage./": 91}')
    .option('--tiler-state <file>', "the window manager's state for the Tiler widgets: a saved notification or state JSON")
    .addOption(iconsOption())
    .addOption(cellOption())
    .addOption(colorOption())
    .addOption(terminalBgOption())
    .addHelpText(
      'after',
      `
Examples:
  tilebar preview --config bar.json --height 1
  tilebar preview --at 2024-09-08T09:05:03 --set cpu=95 --format text --width 160
  tilebar preview --format json --set battery=10 | jq '.sections.right'
  TZ=Europe/London tilebar preview --at 2024-09-08T09:05:03 --data readings.json --format ansi > bar.ans
  tilebar preview --monitor 1          # the bar komorebi.json's bar_configurations lists for monitor 1

Without --set or --data the machine is read once (no network: Update shows only with --set update=VERSION).
A preview never starts a process or opens a socket named in the config.`,
    )
    .action(async (opts) => {
      const { previewCommand } = await ctx.load('preview');
      ctx.done(await previewCommand(opts, ctx.io, { formats }));
    });
}

/** `tilebar thresholds`. */
function thresholdsCommandLine(ctx: CommandLine): void {
  ctx.program
    .command('thresholds')
    .description("show each system widget's value against its thresholds, and the state that results")
    .option('-c, --config <file>', 'the bar config (default: discovered as for check)')
    .addOption(monitorOption())
    .addOption(variantOption())
    .option('--rules', 'print the table of threshold rules (field, test, effect, what is compared) and exit')
    .option('--set <key=value>', 'use this reading instead of the machine (repeatable; see below)', (v: string, all: string[] = []) => [...all, v])
    .option('--watch', 'keep polling as the bar does and print a line whenever a state changes, and why')
    .option('--json', 'print rows as JSON (with --watch: one JSON object per line)')
    .addOption(colorOption())
    .option('--update-url <url>', 'where the Update widget looks for the newest version (default: the npm registry)')
    .addHelpText(
      'after',
      `
Examples:
  tilebar thresholds                                   # read this machine once
  tilebar thresholds --config bar.json --set cpu=95 --set battery=10
  tilebar thresholds --set storage./home=91 --set network.received=2MiB
  tilebar thresholds --watch
  tilebar thresholds --rules

--set keys: cpu=N, memory=N, battery=N, battery.state=charging|discharging|full|not charging,
storage.<mount>=N (e.g. storage./=91, storage.C:\\=50), network.received=BYTES/s,
network.transmitted=BYTES/s, network.total_received=BYTES, network.total_transmitted=BYTES,
network.interface=NAME, update=VERSION, media.artist=TEXT, media.title=TEXT,
media.status=Playing|Paused|Stopped, keyboard=LAYOUT. Percentages are 0–100; bytes take KiB/MiB/GiB or K/M/G
(binary) and kB/MB/GB (decimal). With --set and without --watch nothing is read from the machine;
with --watch, the --set sources stay fixed and the others are polled.`,
    )
    .action(async (opts) => {
      const { thresholdsCommand } = await ctx.load('thresholds');
      ctx.done(await thresholdsCommand(opts, ctx.io));
    });
}

/** Greedy word wrap, for a paragraph whose words come from a list (the rest of the help is wrapped by hand). */
function wrapWords(text: string, width: number): string {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last]!.length + 1 + word.length <= width) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines.join('\n');
}

/**
 * `feed --help`'s signals, as feed.ts answers them: a host that sends clicks on stdin (i3bar's protocol) stops and
 * continues the feed with them; for every other host they read the sources or the config again.
 */
function feedSignalsHelp(hosts: readonly FeedHost[]): string {
  const titles = (stdin: boolean) => hosts.filter((h) => h.clicksOnStdin === stdin).map((h) => h.title ?? h.name);
  const [protocol, others] = [titles(true), titles(false)];
  const clauses = [
    ...(protocol.length > 0 ? [`for ${wordList(protocol, 'and')} SIGUSR1 and SIGUSR2 are the stop and continue their protocol header declares (polling pauses while the bar is hidden)`] : []),
    ...(others.length > 0 ? [`for ${wordList(others, 'and')} SIGUSR1 reads every source again now and SIGUSR2 reads the config again now (\`pkill -USR2 -f 'tilebar feed'\`)`] : []),
  ];
  // 112 columns: the width the hand-wrapped paragraphs around it keep to.
  return wrapWords(`Signals: ${clauses.join('; ')}. Each is said in the log; neither opens Node's inspector or ends the feed.`, 112);
}

/** `tilebar feed`. */
function feedCommandLine(ctx: CommandLine): void {
  const hosts = ctx.lists.hosts ?? BUILTIN_HOSTS;
  ctx.program
    .command('feed')
    .description(`feed another bar: the same config and widgets in the host's own protocol (${hosts.map((h) => h.title ?? h.name).join(', ')})`)
    .argument('[host]', wordList(hosts.map((h) => h.name), 'or'))
    .option('-c, --config <file>', 'the bar config (default: discovered as for check; the embedded example if none)')
    .addOption(variantOption())
    .addOption(iconsOption())
    .option('--update-url <url>', 'where the Update widget looks for the newest version (default: the npm registry)')
    .option('--log <file>', 'where reloads and config errors are logged (default: $XDG_STATE_HOME/tilebar/tilebar.log; on Windows %LOCALAPPDATA%\\tilebar\\tilebar.log)')
    .addOption(tilerOption(ctx.lists.managers ?? BUILTIN_MANAGERS))
    .option('--tiler-socket-dir <dir>', "komorebi's data directory with komorebi.sock")
    .option('--print-config', "print the lines to put in the host's config for this bar (Waybar's modules, tmux.conf) and exit")
    .option('--place <where>', "tmux: 'line' (a status line of its own, aligned as the pane), 'right' or 'left' (status-right/-left)", 'line')
    .addOption(monitorOption())
    .option('--standalone', 'feed from a bar in this process instead of attaching to your tilebar core; also TILEBAR_STANDALONE=1')
    .option('--part <part>', "first or next: which part of its --print-config loop's stream the feed is (i3bar's header is the first's)")
    .option('--pipe', "a thin feed: your core writes the host's lines into a pipe, whose path is printed (the --print-config loop reads it with cat); 1 when no pipe can be had")
    .addHelpText(
      'after',
      `
${hostsHelp(hosts)}

On every host clicks act as on the pane: a workspace focuses it, the layout opens its picker, an Applications
item launches, the config's mouse bindings get the other buttons and the wheel. --print-config prints any host's
lines for your config. Saving the config
applies it; a config with errors keeps the last good bar and says where in the bar.

${feedSignalsHelp(hosts)}`,
    )
    .action(async (host: string | undefined, opts) => {
      const { feedCommand } = await ctx.load('feed');
      ctx.done(await feedCommand(host, opts, ctx.io, { ...managersOf(ctx), hosts }));
    });
}

/** `tilebar serve`. */
function serveCommandLine(ctx: CommandLine): void {
  ctx.program
    .command('serve')
    .description('run your tilebar core in the foreground: every `run` and `feed` of this session attaches to it (one started for them otherwise)')
    .option('--status', 'say what the running core serves (front ends, bars, sources) and exit; 3 when none runs')
    .option('--json', 'with --status: as JSON')
    .addOption(new Option('--stop', 'end the running core and exit (its bars find or start another: after rebuilding tilebar, say); 3 when none runs').conflicts('status'))
    .option('--log <file>', 'where the core logs (default: the bar log, as for run)')
    .addOption(new Option('--spawned-by <pid>').hideHelp())
    .addHelpText(
      'after',
      `
Every \`tilebar run\` and \`tilebar feed\` attaches to your core, and the first one starts it when none runs; a core
started that way ends 10 s after its last bar leaves. \`tilebar serve\` runs one that stays (a systemd user unit,
a launchd agent); SIGTERM ends it with 0. Each source is read once for every bar; the window manager is subscribed
once. One core per session: bars whose DISPLAY, WAYLAND_DISPLAY, SWAYSOCK, I3SOCK, HYPRLAND_INSTANCE_SIGNATURE,
DBUS_SESSION_BUS_ADDRESS, KOMOREBI_CONFIG_HOME or XDG_RUNTIME_DIR differ reach a core of their own (a unit needs
them: systemctl --user import-environment). On Windows the core listens on a named pipe with a random name,
published in %LOCALAPPDATA%\\tilebar\\run.

Examples:
  tilebar serve --status
  tilebar serve --stop
  systemctl --user start tilebar-core   (see the README for the unit)`,
    )
    .action(async (opts) => {
      const { serveCommand } = await ctx.load('serve');
      ctx.done(await serveCommand(opts, ctx.io, managersOf(ctx)));
    });
}
