/**
 * The user's core and its front ends caught at awkward moments (issue 44, "nothing stale, nothing lost"), with real
 * processes: a core that dies while a thin feed's front end is attaching to it, a front end that was stopped
 * (SIGSTOP: a debugger, a frozen cgroup) while its core went on talking. What must hold: the thin feed stays thin
 * (the loop would otherwise run a Node feed of its own for as long as its host runs), a front end that was
 * stopped reads what its core said meanwhile instead of taking the core for hung, and a pane scrolled on as fast as
 * a touchpad flings is not taken by its core for a front end that floods it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORE_SILENT_MS, TICK_MS } from '../../src/channel/protocol.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { tilebarArgs, tilebarCommand } from '../support/tilebar-command.js';
import { hasTmux, openPane } from '../tty/tmux.js';
import { until } from '../wait.js';
import { coreSession, feedLine } from './core-session.js';
import { sessionOf } from '../../src/serve/endpoint.js';

const cleanups = cleanupsAfterEach();

/**
 * The connections to the core at `corePid`, taken (state 03 in /proc/net/unix) or waiting to be taken (02), by the
 * address it bound: its staging name `core-new-<pid>`, which it links into place as its socket (serve/endpoint.ts).
 */
function connectionsTo(corePid: number): number {
  return readFileSync('/proc/net/unix', 'utf8')
    .split('\n')
    .slice(1)
    .filter((line) => {
      const f = line.trim().split(/\s+/);
      return (f[5] === '02' || f[5] === '03') && f[7]?.endsWith(`/core-new-${corePid}`) === true;
    }).length;
}

function output(child: ChildProcess): () => { out: string; err: string } {
  let out = '';
  let err = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (err += c.toString()));
  return () => ({ out, err });
}

describe.skipIf(process.platform !== 'linux')('the user’s core caught at awkward moments', () => {
  // The thin loop runs `feed tmux --pipe`, and a Node feed of its own when that fails: a core that dies (killed,
  // or retired as hung by another front end, or ending when idle) while the front end is in its handshake must
  // not leave the host with a Node feed for good; the front end finds the next core and prints its pipe.
  it('gives a thin feed its pipe from the next core when the core dies during its attach', async () => {
    const s = await coreSession(cleanups);
    const core = s.serve();
    await until(() => s.status()?.pid === core.pid, 'the core to answer');
    // Stopped, it takes the connection (the kernel queues it) and answers nothing: the front end waits in its hello.
    process.kill(core.pid as number, 'SIGSTOP');
    const taken = connectionsTo(core.pid as number);
    const ask = spawn(process.execPath, tilebarArgs('feed', 'tmux', '--place', 'line', '--config', s.config, '--pipe'), { env: s.env, cwd: s.dir, stdio: ['ignore', 'pipe', 'pipe'] });
    cleanups.push(() => void ask.kill('SIGKILL'));
    const said = output(ask);
    await until(() => connectionsTo(core.pid as number) > taken, 'the thin feed’s front end to connect to the stopped core');
    process.kill(core.pid as number, 'SIGKILL');
    const [status] = (await once(ask, 'exit')) as [number | null];
    expect(said().err).toBe('');
    expect(status).toBe(0);
    const pipe = said().out.trim();
    expect(pipe).toMatch(/\/thin-\d+-\d+\.pipe$/);
    expect(existsSync(pipe)).toBe(true);
    // Served by a new core, which waits for the loop's cat to read that pipe.
    await until(() => s.status()?.frontEnds.some((f) => f.role.kind === 'feed' && f.role.pipe !== undefined) === true, () => `the new core to serve the thin feed\nlog:\n${s.log()}`);
    expect(s.cores()).not.toContain(core.pid);
  });

  // A front end stopped for longer than CORE_SILENT_MS while its core goes on: once continued, what the core sent
  // meanwhile is waiting in its socket. Its own clock says the core was silent, but the silence was its own.
  it('keeps a stopped front end attached when it continues: the core was not silent, the front end was stopped', async () => {
    const s = await coreSession(cleanups);
    const feed = s.feed();
    await until(() => s.status()?.frontEnds.length === 1, 'the feed to attach');
    await until(() => /A \d\d:\d\d:\d\d/.test(feedLine(feed.out())), 'the feed to show its bar');
    const [core] = s.cores();
    const pid = feed.child.pid as number;
    process.kill(pid, 'SIGSTOP');
    // The core beats once a second and ticks every front end at each beat: more beats than CORE_SILENT_MS holds go
    // by while the feed is stopped, their ticks waiting unread in its socket.
    const beats = s.status()?.beats ?? 0;
    await until(() => (s.status()?.beats ?? 0) >= beats + Math.ceil(CORE_SILENT_MS / TICK_MS) + 1, 'the core to beat past CORE_SILENT_MS');
    process.kill(pid, 'SIGCONT');
    const before = feed.out().length;
    await until(() => feed.out().length > before && /A \d\d:\d\d:\d\d/.test(feedLine(feed.out())), 'the feed to go on writing');
    // A few more lines from the same core, and no reconnect in between.
    const after = feed.out().length;
    await until(() => feed.out().slice(after).split('\n').filter((l) => l.includes('A ')).length >= 2, 'two more lines');
    expect(s.log()).not.toMatch(/front end: lost the core/);
    expect(feed.out().slice(before)).not.toContain('core stopped');
    expect(s.cores()).toEqual([core]);
  });

  // Each wheel notch over a pane is a `bind` to the core (the config's on_scroll_* bindings run there), and the core
  // drops a front end that sends more than RATE_PER_S messages a second beyond a burst of RATE_BURST. A touchpad
  // fling or a free-spinning wheel gives far more notches than that: the user's own pane must stay attached.
  it.skipIf(!hasTmux)('keeps a pane attached while its user scrolls on it as fast as a touchpad flings', async () => {
    const s = await coreSession(cleanups);
    const clicked = join(s.dir, 'clicked');
    const config = join(s.dir, 'scroll.json');
    writeFileSync(
      config,
      JSON.stringify({
        mouse: { on_scroll_up: 'true' },
        left_widgets: [{ Applications: { enable: true, display: 'Text', items: [{ name: 'Touch', command: `touch ${clicked}` }] } }],
        right_widgets: [{ Time: { enable: true, format: { Custom: 'A %H:%M:%S' } } }],
      }),
    );
    const pane = openPane(tilebarCommand('run', '-c', config), { width: 100, height: 3, env: { ...s.env, TILEBAR_STANDALONE: undefined } });
    cleanups.push(() => pane.close());
    const screen = await pane.waitFor((t) => t.includes('Touch') && /A \d\d:\d\d:\d\d/.test(t));
    await until(() => s.status()?.frontEnds.length === 1, 'the pane to attach');
    const row = screen.split('\n').findIndex((l) => l.includes('Touch'));
    const x = (screen.split('\n')[row] ?? '').indexOf('Touch') + 1;
    // 300 notches up at once over the bar, then a click on Touch: the click reaches the core after every notch.
    pane.sendText(`\x1b[<64;${x + 1};${row + 1}M`.repeat(300));
    pane.sendText(`\x1b[<0;${x + 1};${row + 1}M\x1b[<0;${x + 1};${row + 1}m`);
    await until(() => existsSync(clicked), () => `the click after the scrolling to launch Touch\nlog:\n${s.log()}`);
    expect(s.log()).not.toMatch(/dropped connection/);
    expect(s.log()).not.toMatch(/front end: lost the core/);
    expect(pane.capture()).not.toContain('core stopped');
  });

  // A directory where the core's key (or info) goes: no core can put its key there (a file is not renamed over a
  // directory), so each core a front end started ended at once, and the front end started two more at each try, for
  // good. A directory where the start lock goes: never taken nor removed, so no core ever started, and the front end
  // said only that it found no core key. Like anything else in the socket's place, each is said, with what to do.
  it.each(['key', 'lock'])('starts no core, for good, when a directory is where the core’s %s goes; says so and what to do', async (file) => {
    const s = await coreSession(cleanups);
    const planted = join(s.runDir, `core-${sessionOf(s.env, 'linux')}.${file}`);
    mkdirSync(planted, { recursive: true });
    const feed = s.feed();
    await until(() => s.log().includes('runs its bar in its own process until a core answers'), () => `the feed to run on its own\nlog:\n${s.log()}`);
    await until(() => /A \d\d:\d\d:\d\d/.test(feedLine(feed.out())), 'the feed to show its bar');
    expect(s.log()).toContain(`${planted} is a directory`);
    expect(s.log()).toMatch(/is a directory[^\n]*remove it/);
    expect(s.log()).not.toMatch(/started the core/);
    expect(s.cores()).toEqual([]);
  });
});
