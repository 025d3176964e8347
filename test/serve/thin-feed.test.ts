/**
 * Thin feeds (issue 44: "where a host can read a pipe itself, its attached front end need not be a Node process at
 * all"): the tmux lines `feed tmux --print-config` prints run a shell loop and `cat` in a real tmux status line. The
 * bar shows there from the user's core with no Node process of the feed's left running, a click acts, the core
 * killed is replaced and the line comes back from the new one, and tmux gone leaves no pipe and no bar in the core.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { SESSION_VARIABLES } from '../../src/serve/endpoint.js';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StatusReport } from '../../src/channel/protocol.js';
import { thinLoop, thinLoopWithClicks } from '../../src/feeds/hosts.js';
import { hasI3, startI3 } from '../tiler/real-wm.js';
import { openX11Screen } from '../feeds/x11-screen.js';
import { clickRightOf, focusedBlock, keepWorkspaceTwo, workspacesConfig, type Block } from '../feeds/workspace-blocks.js';
import { tmuxConfLines } from '../../src/feeds/tmux.js';
import { NODE_LAUNCH_FLAGS } from '../../src/cli/node-launch-flags.js';
import { childEnv } from '../support/child-env.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { MAIN, tilebarArgs } from '../support/tilebar-command.js';
import { hasTmux, openPane, shellQuote } from '../tty/tmux.js';
import { eventually, until } from '../wait.js';
import { hasXvfb, startXvfb, stopChild } from '../xvfb.js';
import { coresOf } from './core-session.js';

const cleanups = cleanupsAfterEach();

/** The processes whose command line names `dir` and runs a tilebar `feed` (Node front ends of the test's). */
function nodeFeeds(dir: string): string[] {
  return readdirSync('/proc').flatMap((pid) => {
    if (!/^\d+$/.test(pid)) return [];
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return cmd.includes(MAIN) && cmd.includes('feed') && cmd.some((a) => a.includes(dir)) ? [cmd.join(' ')] : [];
    } catch {
      return [];
    }
  });
}

interface ThinHome {
  dir: string;
  home: string;
  /** The private runtime directory's parent ($XDG_RUNTIME_DIR). */
  run: string;
  /** The test's session: its home, runtime directory and zone, attached (no TILEBAR_STANDALONE). */
  env: Record<string, string>;
  /** This build's `tilebar` in that session, for a host's config: `${tilebar} feed …`. */
  tilebar: string;
}

/**
 * A home of the test's own for a host's thin feed; after the test, `stopFirst` (the host), then the session's cores
 * and every process that names the folder, and the folder.
 */
async function thinHome(prefix: string, stopFirst: () => unknown): Promise<ThinHome> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const home = join(dir, 'home');
  const run = join(home, 'run');
  mkdirSync(run, { recursive: true, mode: 0o700 });
  cleanups.push(async () => {
    await stopFirst();
    for (const pid of coresOf(home)) process.kill(pid, 'SIGKILL');
    await until(() => spawnSync('pgrep', ['-f', dir], { stdio: 'ignore' }).status === 1, `the processes of ${dir} to end`);
    await rm(dir, { recursive: true, force: true });
  });
  return {
    dir,
    home,
    run,
    env: childEnv({ HOME: home, XDG_RUNTIME_DIR: run, TZ: 'UTC', TILEBAR_STANDALONE: undefined }),
    tilebar: `env -u TILEBAR_STANDALONE HOME=${home} XDG_RUNTIME_DIR=${run} TZ=UTC ${process.execPath} ${NODE_LAUNCH_FLAGS.join(' ')} ${MAIN}`,
  };
}

describe.skipIf(!hasTmux || process.platform === 'win32')('a thin tmux feed: a shell loop and cat reading the core’s pipe', () => {
  it('shows the bar with no Node process of its own, takes clicks, survives its core, and leaves nothing when tmux ends', async () => {
    let inner = '';
    const { dir, home, run, env, tilebar } = await thinHome('tb-thin-', () => spawnSync('tmux', ['-S', inner, 'kill-server'], { stdio: 'ignore' }));
    inner = join(dir, 'inner');
    const clicked = join(dir, 'clicked');
    const bar = join(dir, 'bar.json');
    await writeFile(
      bar,
      JSON.stringify({
        left_widgets: [{ Applications: { enable: true, display: 'Text', items: [{ name: 'Left', command: 'true' }] } }],
        right_widgets: [
          { Time: { enable: true, format: { Custom: 'T %H:%M:%S' } } },
          { Applications: { enable: true, display: 'Text', items: [{ name: 'Touch', command: `touch ${clicked}` }] } },
        ],
      }),
    );
    const command = `${tilebar} feed tmux --place line --config ${bar}`;
    await writeFile(join(dir, 'inner.conf'), [...tmuxConfLines('line', thinLoop(command), join(run, 'tilebar')), 'set -g status-interval 1', "set -ga terminal-overrides ',xterm-256color:Tc'"].join('\n'));
    const height = 6;
    const pane = openPane(`tmux -S ${shellQuote(inner)} -f ${shellQuote(join(dir, 'inner.conf'))} new-session -c ${shellQuote(dir)} 'sleep 600'`, { width: 100, height, env: { ...env, TILEBAR_STANDALONE: undefined } });
    cleanups.push(() => pane.close());
    const last = (screen: string) => screen.split('\n').slice(0, height).at(-1) ?? '';
    const status = (): StatusReport | undefined => {
      const r = spawnSync(process.execPath, tilebarArgs('serve', '--status', '--json'), { env, encoding: 'utf8' });
      return r.status === 0 ? (JSON.parse(r.stdout) as StatusReport) : undefined;
    };

    // The bar, its clock running, from the core the loop started.
    const line = last(await pane.waitFor((s) => last(s).includes('Touch') && /T \d\d:\d\d:\d\d/.test(last(s))));
    expect(line.startsWith('Left')).toBe(true);
    const seconds = /T (\d\d:\d\d:\d\d)/.exec(line)?.[1];
    await pane.waitFor((s) => (/T (\d\d:\d\d:\d\d)/.exec(last(s))?.[1] ?? seconds) !== seconds);
    // One core, attached to by the thin feed; no Node process of the feed stays (the loop's `--pipe` ended).
    const first = coresOf(home);
    expect(first).toHaveLength(1);
    await until(() => nodeFeeds(dir).length === 0, () => `no Node feed to run: ${nodeFeeds(dir).join(' | ')}`);
    const report = status();
    expect(report?.frontEnds.map((f) => [f.role.kind, f.role.kind === 'feed' ? f.role.host : '', f.role.kind === 'feed' && f.role.pipe !== undefined])).toEqual([['feed', 'tmux', true]]);
    expect(readdirSync(join(run, 'tilebar')).filter((f) => f.endsWith('.pipe'))).toHaveLength(1);

    // A click on Touch: the tmux binding appends it to the inbox, which the core's feed reads.
    const column = line.indexOf('Touch') + 2;
    pane.sendText(`\u001b[<0;${column};${height}M\u001b[<0;${column};${height}m`);
    await until(() => existsSync(clicked), 'the click on Touch to launch its command');

    // The core killed: cat reads the pipe's end, the loop attaches again, a new core starts and the line goes on.
    process.kill(first[0] as number, 'SIGKILL');
    await until(() => coresOf(home).length === 1 && coresOf(home)[0] !== first[0], 'a new core to start');
    const before = last(pane.capture());
    await pane.waitFor((s) => last(s).includes('Touch') && last(s) !== before);
    await until(() => status()?.frontEnds.length === 1, 'the thin feed to attach to the new core');
    // The dead core's pipe is gone (the new core removes those of dead cores): one pipe, the new core's.
    await until(() => readdirSync(join(run, 'tilebar')).filter((f) => f.endsWith('.pipe')).length === 1, () => `one pipe: ${readdirSync(join(run, 'tilebar')).join(' ')}`);

    // tmux gone: its job's cat dies at the next line; the core lets the bar go and removes the pipe.
    spawnSync('tmux', ['-S', inner, 'kill-server'], { stdio: 'ignore' });
    await until(() => {
      const names = existsSync(join(run, 'tilebar')) ? readdirSync(join(run, 'tilebar')) : [];
      return !names.some((f) => f.endsWith('.pipe'));
    }, 'the pipe to be removed');
    const after = status();
    // The core ends 10 s after its last front end; until then it serves nobody.
    if (after) expect(after.frontEnds).toEqual([]);
  });
});

/** The shell loops (`sh -c 'while :; …'`) whose command line names `dir`: a thin feed's loop, wherever its parent went. */
function loopsOf(dir: string): number[] {
  return readdirSync('/proc').flatMap((pid) => {
    if (!/^\d+$/.test(pid)) return [];
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return cmd.some((a) => a.startsWith('while :;') && a.includes(dir)) ? [Number(pid)] : [];
    } catch {
      return [];
    }
  });
}

describe.skipIf(!hasTmux || process.platform === 'win32')('a thin tmux feed whose tmux is killed outright', () => {
  it('ends its loop (it attached again for good before, every second, keeping the core), and the core lets the bar go and ends', async () => {
    let inner = '';
    const { dir, home, run, env, tilebar } = await thinHome('tb-thin-orphan-', () => {
      spawnSync('tmux', ['-S', inner, 'kill-server'], { stdio: 'ignore' });
      for (const pid of loopsOf(dir)) process.kill(pid, 'SIGKILL');
    });
    inner = join(dir, 'inner');
    const bar = join(dir, 'bar.json');
    await writeFile(bar, JSON.stringify({ left_widgets: [{ Time: { enable: true, format: { Custom: 'T %H:%M:%S' } } }], right_widgets: [] }));
    await writeFile(join(dir, 'inner.conf'), [...tmuxConfLines('line', thinLoop(`${tilebar} feed tmux --place line --config ${bar}`), join(run, 'tilebar')), 'set -g status-interval 1'].join('\n'));
    const height = 6;
    const pane = openPane(`tmux -S ${shellQuote(inner)} -f ${shellQuote(join(dir, 'inner.conf'))} new-session -c ${shellQuote(dir)} 'sleep 600'`, { width: 100, height, env: { ...env, TILEBAR_STANDALONE: undefined } });
    cleanups.push(() => pane.close());
    await pane.waitFor((s) => /T \d\d:\d\d:\d\d/.test(s.split('\n').slice(0, height).at(-1) ?? ''));
    expect(loopsOf(dir)).toHaveLength(1);
    expect(coresOf(home)).toHaveLength(1);

    // tmux killed outright (a crash, the OOM killer): nothing ends its job's loop for it, and its cat's next line fails.
    const server = Number(spawnSync('tmux', ['-S', inner, 'display', '-p', '#{pid}'], { encoding: 'utf8' }).stdout.trim());
    process.kill(server, 'SIGKILL');
    await until(() => loopsOf(dir).length === 0, () => `the loop to end: ${loopsOf(dir).join(' ')} still runs`);
    // Nothing attaches again: the core serves nobody, removes the pipes, and ends (a spawned core, 10 s after its last front end).
    await until(() => coresOf(home).length === 0, 'the core to end with nobody attached');
    expect(readdirSync(join(run, 'tilebar')).filter((f) => f.includes('.pipe'))).toEqual([]);
  });
});

const I3_CONFIG = workspacesConfig([{ Time: { enable: true, format: { Custom: '%H:%M:%S' } } }]);

describe.skipIf(!hasI3)('a thin i3bar feed: the printed loop on a real i3 (Xvfb)', () => {
  it('draws the workspaces from the core with no Node process of its own, takes clicks, and goes on from a new core after its core is killed', async () => {
    let wm: Awaited<ReturnType<typeof startI3>> | undefined;
    const { dir, home, env, tilebar } = await thinHome('tb-thin-i3-', () => wm?.stop());
    await writeFile(join(dir, 'bar.json'), JSON.stringify(I3_CONFIG));
    // The block as `feed i3bar --print-config` prints it, its two `tilebar`s this build's, attached (no TILEBAR_STANDALONE).
    const printed = spawnSync(process.execPath, tilebarArgs('feed', 'i3bar', '--print-config', '--config', join(dir, 'bar.json'), '--tiler', 'none', '--log', join(dir, 'print.log')), { cwd: dir, env, encoding: 'utf8' }).stdout;
    expect(printed).toContain(`status_command ${thinLoopWithClicks(`tilebar feed i3bar --config ${join(dir, 'bar.json')}`)}`);
    wm = await startI3(printed.replace('bar {\n', 'bar {\n    position top\n').replaceAll('tilebar feed ', `${tilebar} feed `));
    const screen = await keepWorkspaceTwo(wm, cleanups);

    /** The focused workspace's block on the bar's rows, once a block is drawn after it (workspace 2's). */
    const selected = async () => {
      let at: Block | undefined;
      await eventually(async () => {
        at = focusedBlock(await screen.pixels(0, 0, 1280, 20));
        expect(at).toBeDefined();
      });
      return at as Block;
    };
    /** Clicks right of the focused block until i3 focuses `name` (found again at each try: the fill moves with the focus). */
    const focused = async () => (await wm.workspaces()).find((w) => w.focused)?.name;
    const clickOnto = (name: string) => eventually(async () => expect(await clickRightOf(await selected(), (x, y) => screen.click(x, y), focused, name)).toBe(true));

    await selected();
    const first = coresOf(home);
    expect(first).toHaveLength(1);
    await until(() => nodeFeeds(dir).length === 0, () => `no Node feed to run: ${nodeFeeds(dir).join(' | ')}`);
    // Asked from i3's session, as the bar's loop sees it (its display, socket, bus: the core is the session's, endpoint.ts).
    const session = Object.fromEntries(
      readFileSync(`/proc/${first[0]}/environ`, 'utf8')
        .split('\0')
        .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)])
        .filter(([k]) => (SESSION_VARIABLES as readonly string[]).includes(k ?? '')),
    );
    const statusText = () => {
      const r = spawnSync(process.execPath, tilebarArgs('serve', '--status'), { env: { ...env, ...session }, encoding: 'utf8' });
      return r.stdout + r.stderr;
    };
    await until(() => /feed i3bar \(thin\)/.test(statusText()), () => `the core to list the thin feed: ${statusText()}`);
    // A click, through the loop's cat into the core's clicks pipe: workspace 2.
    await clickOnto('2');

    // The core killed: the loop attaches again (the next part: no second header), and the bar goes on taking clicks.
    process.kill(first[0] as number, 'SIGKILL');
    await until(() => coresOf(home).length === 1 && coresOf(home)[0] !== first[0], 'a new core to start');
    await until(() => /feed i3bar \(thin\)/.test(statusText()), 'the loop to attach to the new core');
    await wm.command('workspace 1');
    await clickOnto('2');
  });
});

const hasPolybar = hasXvfb && spawnSync('polybar', ['--version'], { stdio: 'ignore' }).error === undefined;

describe.skipIf(!hasPolybar)('a thin Polybar feed: the printed exec in a real Polybar (Xvfb)', () => {
  it('draws the bar from the core with no Node process of its own, and a click launches an item', async () => {
    let stopHost = async () => undefined as unknown;
    const { dir, home, run, env, tilebar } = await thinHome('tb-thin-polybar-', () => stopHost());
    const touched = join(dir, 'touched');
    await writeFile(join(dir, 'bar.json'), JSON.stringify({ left_widgets: [{ Applications: { enable: true, display: 'Text', items: [{ name: 'Touch', command: `touch ${touched}` }] } }], right_widgets: [] }));
    const printed = spawnSync(process.execPath, tilebarArgs('feed', 'polybar', '--print-config', '--config', join(dir, 'bar.json')), { cwd: dir, env, encoding: 'utf8' }).stdout;
    expect(printed).toContain(`exec = ${thinLoop(`tilebar feed polybar --config ${join(dir, 'bar.json')}`)}`);
    await writeFile(join(dir, 'polybar.ini'), ['[bar/tb]', 'width = 100%', 'height = 24', 'background = #000000', 'foreground = #ffffff', 'font-0 = monospace:size=10', printed.replaceAll('tilebar feed ', `${tilebar} feed `)].join('\n'));
    const x = await startXvfb(['-screen', '0', '1280x200x24']);
    const polybar = spawn('polybar', ['-c', join(dir, 'polybar.ini'), 'tb'], { cwd: dir, env: childEnv({ DISPLAY: x.display, XDG_RUNTIME_DIR: run }), stdio: 'ignore' });
    stopHost = async () => {
      await stopChild(polybar);
      await x.stop();
    };
    const screen = await openX11Screen(x.display);
    cleanups.push(() => screen.close());
    // The item drawn: something other than Polybar's black on the bar's middle row.
    let span = { from: -1, to: -1 };
    await until(async () => {
      const row = (await screen.pixels(0, 12, 1280, 1))[0] ?? [];
      const lit = row.flatMap((c, i) => (c === '#000000' ? [] : [i]));
      span = { from: lit[0] ?? -1, to: lit.at(-1) ?? -1 };
      return span.to - span.from > 20;
    }, 'the item on the bar');
    expect(coresOf(home)).toHaveLength(1);
    await until(() => nodeFeeds(dir).length === 0, () => `no Node feed to run: ${nodeFeeds(dir).join(' | ')}`);
    // A click on it: Polybar runs the action, which appends to the thin feed's inbox in the core.
    await until(async () => {
      await screen.click(Math.round((span.from + span.to) / 2), 12);
      for (let i = 0; i < 10 && !existsSync(touched); i++) await new Promise((r) => setTimeout(r, 100));
      return existsSync(touched);
    }, 'a click on Touch to launch it');
    // Its inbox is the thin feed's, named after the core and the feed.
    expect(readdirSync(join(run, 'tilebar')).filter((f) => /^polybar-\d+-thin\d+\.clicks$/.test(f))).toHaveLength(1);
  });
});
