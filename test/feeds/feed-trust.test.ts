/**
 * Only the bar's user steers a feed (issue 31): the feeds run in process on the live core, with real files,
 * directories and another real user (`nobody`, through setpriv, when the suite runs as root) doing what a hostile
 * neighbour on the machine could:
 * - tmux: a click file made beside a socket in a shared directory is never read (the inbox is in the feed's
 *   private runtime directory, named after the tmux server);
 * - a runtime directory planted by another user, or a link in its place, gets nothing made in or through it, and
 *   the feed (and `--print-config`) use a fresh private directory instead of turning clicks off;
 * - every inbox a feed made is gone when it stops (Waybar's pipes stay: its modules' readers hold them), and a
 *   killed feed's is removed by the next;
 * - the half line a click command left when it died never swallows the next click;
 * - a printed click command (tmux.conf, Waybar's config) writes and reads nothing once its directory's name has
 *   been taken by another user (the directory is tested before each use).
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, chmodSync, chownSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { feedCommand } from '../../src/cli/feed.js';
import type { CliIo } from '../../src/cli/io.js';
import { UNPRIVILEGED } from '../tty/tmux.js';
import { eventually, until } from '../wait.js';
import { writeBarConfig } from '../support/bar-config.js';
import { collectingWritable } from '../support/collecting-writable.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { childEnv } from '../support/child-env.js';

const cleanups = cleanupsAfterEach();

const asRoot = process.getuid?.() === 0;
const uid = process.getuid?.() ?? 0;

/** Runs a shell command as another user (root runs the suite) or, failing that, as ourselves. */
function asOtherUser(command: string): void {
  const argv = asRoot ? ['setpriv', `--reuid=${UNPRIVILEGED.uid}`, `--regid=${UNPRIVILEGED.gid}`, '--clear-groups', 'sh', '-c', command] : ['sh', '-c', command];
  const r = spawnSync(argv[0] ?? 'sh', argv.slice(1), { stdio: 'ignore' });
  expect(r.status).toBe(0);
}

interface Feed {
  dir: string;
  touched: string;
  /** The complete lines the feed wrote so far. */
  lines: () => string[];
  logs: string[];
  stop(): Promise<void>;
}

/** A bar whose only widget has two Applications items, Touch and Mark, each touching a file of its own. */
async function barDir(): Promise<{ dir: string; bar: string; touched: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'tb-trust-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  // Traversable by `nobody`, who plays the other user in directories made inside it.
  chmodSync(dir, 0o711);
  const touched = join(dir, 'touched');
  const bar = await writeBarConfig(dir, { right_widgets: [], left_widgets: [{ Applications: { enable: true, display: 'Text', items: [{ name: 'Touch', command: `touch ${touched}` }, { name: 'Mark', command: `touch ${touched}.mark` }] } }] });
  return { dir, bar, touched };
}

async function startFeed(host: string, b: { dir: string; bar: string; touched: string }, env: Record<string, string>, opts: { place?: string } = {}): Promise<Feed> {
  const { out, lines } = collectingWritable();
  const logs: string[] = [];
  const io: CliIo = { out: () => undefined, err: () => undefined, env: childEnv({ HOME: b.dir, TZ: 'UTC', ...env }), cwd: b.dir, isTTY: false, platform: 'linux' };
  const stop = new AbortController();
  const done = feedCommand(host, { config: b.bar, log: join(b.dir, 'log'), ...opts }, io, { out, stop: stop.signal, log: (l) => logs.push(l), readers: {} });
  let stopped = false;
  const end = async () => {
    if (stopped) return;
    stopped = true;
    stop.abort();
    await done;
  };
  cleanups.push(end);
  // Waybar's own module is empty (the items are in their modules' pipes); the others show the items.
  await until(() => lines().some((l) => host === 'waybar' || l.includes('Touch')), `the ${host} feed's first line`);
  return { dir: b.dir, touched: b.touched, lines, logs, stop: end };
}

/** What `--print-config` prints for a host, with this environment. */
async function printed(host: string, b: { dir: string; bar: string }, env: Record<string, string>, opts: { place?: string } = {}): Promise<string> {
  let text = '';
  const io: CliIo = { out: (t) => void (text += t), err: () => undefined, env: childEnv({ HOME: b.dir, TZ: 'UTC', ...env }), cwd: b.dir, isTTY: false, platform: 'linux' };
  await feedCommand(host, { config: b.bar, log: join(b.dir, 'log'), printConfig: true, ...opts }, io, { log: () => undefined, readers: {} });
  return text;
}

/** The command of the first left-click action tag in a Polybar line. */
const polybarClick = (line: string) => /%\{A1:(.*?[^\\]):\}/.exec(line)?.[1]?.replaceAll('\\:', ':');
/** The `echo …` of a click command, after the test of its directory. */
const echoOf = (command: string | undefined) => command?.replace(/^.* && (echo )/, '$1');

/** A directory like /tmp: anyone may make entries, only their owner may move them. */
function stickyTmp(dir: string): string {
  const tmp = join(dir, 'tmp');
  mkdirSync(tmp);
  chmodSync(tmp, 0o1777);
  return tmp;
}

describe('who can steer a feed', () => {
  it('tmux: a click file another user makes beside a socket in a shared directory is never read', async () => {
    const b = await barDir();
    const shared = stickyTmp(b.dir);
    const xdg = join(b.dir, 'xdg');
    mkdirSync(xdg, { mode: 0o700 });
    // A tmux server shared through `tmux -S <shared>/sock`: $TMUX names its socket and its pid (here our own, alive).
    const f = await startFeed('tmux', b, { TMUX: `${shared}/sock,${process.pid},0`, XDG_RUNTIME_DIR: xdg }, { place: 'left' });
    // The other user writes a click on Touch (column 0, as tmux's binding would) where the inbox used to be.
    asOtherUser(`printf '0 0 80 1\\n@0 0 80 1\\n' >> ${shared}/sock.tilebar-clicks`);
    // The bar's user clicks through the inbox tmux's binding names: the private directory, the server's pid, the place.
    const inbox = join(xdg, 'tilebar', `tmux-${process.pid}-left.clicks`);
    await until(() => existsSync(inbox) || existsSync(f.touched), 'the inbox in the private runtime directory');
    expect(existsSync(f.touched)).toBe(false);
    // Ours is on Mark; whichever click is acted on first, the planted one or ours, it must be ours.
    const column = (f.lines().at(-1) ?? '').replace(/#\[[^\]]*\]/g, '').indexOf('Mark');
    spawnSync('sh', ['-c', `echo @0 ${column} 80 1 >> ${inbox}`]);
    await until(() => existsSync(f.touched) || existsSync(`${f.touched}.mark`), 'a click to be acted on');
    expect(existsSync(f.touched)).toBe(false);
    await until(() => existsSync(`${f.touched}.mark`), 'the click through the private inbox');
    // Printed bindings name the same inbox, with tmux's own #{pid} for the server.
    expect(await printed('tmux', b, { XDG_RUNTIME_DIR: xdg }, { place: 'line' })).toContain(`>> ${join(xdg, 'tilebar')}/tmux-#{pid}.clicks\\"`);
  });

  it.each(['another user', 'a link'])('a runtime directory planted by %s gets nothing made in or through it; the modules are served from a fresh private one, which --print-config prints', async (planter) => {
    const b = await barDir();
    const xdg = join(b.dir, 'xdg');
    mkdirSync(xdg, { mode: 0o700 });
    const planted = join(xdg, 'tilebar');
    const elsewhere = join(b.dir, 'elsewhere');
    mkdirSync(elsewhere, { mode: 0o700 });
    if (planter === 'a link') symlinkSync(elsewhere, planted);
    else {
      mkdirSync(planted, { mode: 0o777 });
      chmodSync(planted, 0o777);
      if (asRoot) chownSync(planted, UNPRIVILEGED.uid, UNPRIVILEGED.gid);
    }
    const env = { XDG_RUNTIME_DIR: xdg, TMPDIR: stickyTmp(b.dir) };
    const config = await printed('waybar', b, env);
    const fresh = new RegExp(`(${join(b.dir, 'tmp')}/tilebar-${uid}-[A-Za-z0-9]+)/waybar-\\$WAYBAR_OUTPUT_NAME/clicks`).exec(config)?.[1];
    expect(fresh, config).toBeDefined();
    const f = await startFeed('waybar', b, env);
    // The module's pipe is where --print-config said, and nothing was made in the planted one or through the link.
    await eventually(() => expect(readdirSync(join(fresh ?? '', 'waybar-'))).toContain('left-0'));
    expect(asRoot && planter === 'another user' ? readdirSync(planted) : readdirSync(elsewhere)).toEqual([]);
    expect(f.logs.some((l) => l.includes(planted) && l.includes('is used instead'))).toBe(true);
    // A click as the printed on-click appends it.
    spawnSync('sh', ['-c', `echo @left-0 1 >> ${join(fresh ?? '', 'waybar-', 'clicks')}`]);
    await until(() => existsSync(f.touched), 'the click through the fresh directory');
  });

  it.runIf(asRoot)('without XDG_RUNTIME_DIR, a tilebar-<uid> planted in the temp directory by another user does not turn clicks off', async () => {
    const b = await barDir();
    const tmp = stickyTmp(b.dir);
    asOtherUser(`mkdir -m 777 ${tmp}/tilebar-${uid}`);
    const f = await startFeed('polybar', b, { TMPDIR: tmp });
    const command = polybarClick(f.lines().at(-1) ?? '');
    expect(echoOf(command)).toMatch(new RegExp(`^echo @\\S+ 1 >> ${tmp}/tilebar-${uid}-[A-Za-z0-9]+/polybar-${process.pid}\\.clicks$`));
    expect(readdirSync(join(tmp, `tilebar-${uid}`))).toEqual([]);
    spawnSync('sh', ['-c', command ?? 'false'], { cwd: b.dir });
    await until(() => existsSync(f.touched), 'the click through the fresh directory');
  });

  it.each(['a link', 'another user'])("a printed click command writes nothing once its directory's name is taken by %s (after a reboot, someone was first)", async (taker) => {
    const b = await barDir();
    const tmp = stickyTmp(b.dir);
    const runtime = join(tmp, `tilebar-${uid}`);
    // Printed while the directory was the user's.
    const tmux = await printed('tmux', b, { TMPDIR: tmp }, { place: 'line' });
    const waybar = JSON.parse(await printed('waybar', b, { TMPDIR: tmp })) as Record<string, Record<string, string>>;
    const commands = [
      // tmux's binding, as its run-shell would run it: the formats given, the config's \" read as ".
      ...[...tmux.matchAll(/run-shell -b \\"(.*)\\""/g)].map((m) => (m[1] ?? '').replace('#{mouse_y}', '1').replace('#{mouse_x}', '0').replace('#{client_width}', '80').replace('#{pid}', '4242')),
      waybar['custom/tilebar-left-0']?.['on-click'] ?? 'false',
    ];
    expect(commands).toHaveLength(6);
    // Then the directory went, and another user made one of that name first, or a link to where they like.
    rmSync(runtime, { recursive: true });
    const victim = join(b.dir, 'victim');
    mkdirSync(victim, { mode: 0o700 });
    mkdirSync(join(victim, 'waybar-'), { mode: 0o700 });
    if (taker === 'a link') symlinkSync(victim, runtime);
    else asOtherUser(`mkdir -m 777 ${runtime} ${runtime}/waybar-`);
    for (const command of commands) spawnSync('sh', ['-c', command], { cwd: b.dir, env: childEnv({ WAYBAR_OUTPUT_NAME: '' }) });
    expect(readdirSync(victim)).toEqual(['waybar-']);
    expect(readdirSync(join(victim, 'waybar-'))).toEqual([]);
    if (taker !== 'a link') expect(readdirSync(runtime)).toEqual(['waybar-']);
    // A module's command reads nothing from there either, nor says it reads: both wait for the test to hold.
    expect(waybar['custom/tilebar-left-0']?.exec).toMatch(/^until \[ -O \S+ \] && \[ ! -L \S+ \] && \[ -p \S+ \]; do sleep 1; done; echo @\S+ reader >> \S+; exec cat <> \S+$/);
  });

  it("leaves no inbox behind when it stops (Waybar's pipes stay, for its modules' readers), and removes a killed feed's at the next start", async () => {
    const b = await barDir();
    const xdg = join(b.dir, 'xdg');
    mkdirSync(join(xdg, 'tilebar'), { recursive: true, mode: 0o700 });
    // What a feed killed with SIGKILL left: the inbox of a process that is no more.
    const dead = spawnSync('true').pid ?? 1;
    writeFileSync(join(xdg, 'tilebar', `polybar-${dead}.clicks`), '', { mode: 0o600 });
    const polybar = await startFeed('polybar', b, { XDG_RUNTIME_DIR: xdg });
    expect(readdirSync(join(xdg, 'tilebar'))).toEqual([`polybar-${process.pid}.clicks`]);
    await polybar.stop();
    const waybar = await startFeed('waybar', b, { XDG_RUNTIME_DIR: xdg });
    await eventually(() => expect(readdirSync(join(xdg, 'tilebar', 'waybar-'))).toContain('left-0'));
    await waybar.stop();
    expect(readdirSync(join(xdg, 'tilebar'))).toEqual(['waybar-']);
    // Only the pipes, which each module's cat holds open and the next feed writes to (waybar-pipes.ts).
    expect(readdirSync(join(xdg, 'tilebar', 'waybar-'), { withFileTypes: true }).filter((e) => !e.isFIFO())).toEqual([]);
  });

  it('never lets the half line of a click command that died swallow the next click', async () => {
    const b = await barDir();
    const xdg = join(b.dir, 'xdg');
    mkdirSync(xdg, { mode: 0o700 });
    const f = await startFeed('polybar', b, { XDG_RUNTIME_DIR: xdg });
    const command = polybarClick(f.lines().at(-1) ?? '') ?? 'false';
    // A click command killed half-way through its line.
    appendFileSync(join(xdg, 'tilebar', `polybar-${process.pid}.clicks`), (echoOf(command) ?? '').replace(/^echo (\S{3}).*$/, '$1'));
    spawnSync('sh', ['-c', command], { cwd: b.dir });
    await until(() => existsSync(f.touched), 'the click after the half line');
  });
});
