/**
 * komorebi on Windows, run here over a Unix socket path: the same `net` server code that serves
 * `\\.\pipe\tilebar-…` there. A fake komorebic on PATH records its arguments; the test plays komorebi,
 * connecting to the pipe and writing notifications a line each, in awkward chunks.
 */
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createConnection, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, win32 } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { SocketMessage } from '../../src/config/schema/socket-message.js';
import { realTimers } from '../../src/scheduler/timers.js';
import { komorebicProgram, MOST_UNPROVEN, startKomorebiPipeSource } from '../../src/tiler/komorebi-pipe.js';
import { windowsPipePath } from '../../src/io/pipe-name.js';
import type { TilerSource } from '../../src/tiler/manager.js';
import { recordingEvents } from './recording-events.js';
import { stateDoc } from './fake-wm.js';
import { eventually, until } from '../wait.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { childEnv } from '../support/child-env.js';
import { wholeLines } from '../support/whole-lines.js';

const cleanups = cleanupsAfterEach();

async function setUp(opts: { down?: boolean } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'tb-pipe-'));
  const bin = join(dir, 'bin');
  await import('node:fs/promises').then((fs) => fs.mkdir(bin));
  await copyFile(new URL('./fake-komorebic.mjs', import.meta.url), join(bin, 'komorebic'));
  await import('node:fs/promises').then((fs) => fs.chmod(join(bin, 'komorebic'), 0o755));
  const env = childEnv({
    PATH: `${bin}:${process.env.PATH ?? ''}`,
    FAKE_KOMOREBIC_LOG: join(dir, 'args.log'),
    FAKE_KOMOREBIC_STATE: join(dir, 'state.json'),
    FAKE_KOMOREBIC_DOWN: join(dir, 'down'),
  });
  await writeFile(env.FAKE_KOMOREBIC_STATE, JSON.stringify(stateDoc({ workspaces: [{ name: 'from state' }], focused: 0 }).state));
  if (opts.down) await writeFile(env.FAKE_KOMOREBIC_DOWN, '');
  const rec = recordingEvents();
  const { states } = rec;
  const source: TilerSource = startKomorebiPipeSource({
    pipePath: (name) => join(dir, name),
    name: 'tilebar-test-1',
    env,
    timers: realTimers,
    events: rec.events,
  });
  cleanups.push(async () => {
    await source.close();
    await rm(dir, { recursive: true, force: true, maxRetries: 5 });
  });
  const calls = () => (existsSync(env.FAKE_KOMOREBIC_LOG) ? wholeLines(readFileSync(env.FAKE_KOMOREBIC_LOG, 'utf8')).map((l) => JSON.parse(l) as string[]) : []);
  /** komorebi connecting to the pipe, as it does after `subscribe-pipe`. */
  const komorebi = () =>
    new Promise<Socket>((resolve, reject) => {
      const s = createConnection(join(dir, 'tilebar-test-1'));
      s.once('connect', () => resolve(s));
      s.once('error', reject);
    });
  const names = () => states.at(-1)?.workspaces.map((w) => w.name);
  return { dir, env, source, ...rec, calls, komorebi, names };
}

const line = (names: string[], focused = 0) => `${JSON.stringify(stateDoc({ workspaces: names.map((name) => ({ name })), focused }))}\n`;

describe('komorebi on Windows: named pipe + komorebic (over a Unix socket path here)', () => {
  it('the pipe is \\\\.\\pipe\\<name> on Windows', () => {
    expect(windowsPipePath('tilebar-amber-1234')).toBe('\\\\.\\pipe\\tilebar-amber-1234');
  });

  it("finds komorebic on PATH, else where komorebi's installer puts it (%ProgramFiles%\\komorebi\\bin), never in the current directory", () => {
    const cwd = 'C:\\Users\\me\\Downloads';
    const planted = [`${cwd}\\komorebic.exe`, `${cwd}\\bin\\komorebic.exe`];
    /** A Windows disk holding `files`, a relative path read from `cwd` as Windows would. */
    const on = (env: Record<string, string>, files: string[]) => ({ env, platform: 'win32' as const, isProgram: (f: string) => files.some((x) => win32.resolve(cwd, f).toLowerCase() === x.toLowerCase()) });
    const scoop = 'C:\\Users\\me\\scoop\\shims\\komorebic.exe';
    const installed = 'D:\\Apps\\komorebi\\bin\\komorebic.exe';
    expect(komorebicProgram(on({ PATH: 'C:\\Users\\me\\scoop\\shims', ProgramFiles: 'D:\\Apps' }, [scoop, installed, ...planted]))).toEqual({ ok: true, path: scoop });
    expect(komorebicProgram(on({ PATH: '.;bin', ProgramFiles: 'D:\\Apps' }, [installed, ...planted]))).toEqual({ ok: true, path: installed });
    expect(komorebicProgram(on({ PATH: '.', PROGRAMFILES: 'relative' }, ['C:\\Program Files\\komorebi\\bin\\komorebic.exe', ...planted]))).toEqual({ ok: true, path: 'C:\\Program Files\\komorebi\\bin\\komorebic.exe' });
    expect(komorebicProgram(on({ PATH: '.;bin' }, planted))).toEqual({ ok: false, problem: 'komorebic is not on PATH, nor in C:\\Program Files\\komorebi\\bin' });
  });

  it('subscribes with komorebic, takes the first state from `komorebic state`, then reads notifications line by line across chunks', async () => {
    const t = await setUp();
    await eventually(() => expect(t.calls()).toEqual([['subscribe-pipe', 'tilebar-test-1'], ['state']]));
    await eventually(() => expect(t.names()).toEqual(['from state']));
    const k = await t.komorebi();
    // Two notifications in three chunks, the second split inside a multi-byte character.
    const bytes = Buffer.from(line(['one', 'two']) + line(['ünï', 'two'], 1));
    const cut = bytes.indexOf(Buffer.from('ü')) + 1;
    k.write(bytes.subarray(0, 20));
    k.write(bytes.subarray(20, cut));
    await eventually(() => expect(t.names()).toEqual(['one', 'two']));
    k.write(bytes.subarray(cut));
    await eventually(() => expect(t.names()).toEqual(['ünï', 'two']));
    expect(t.states.at(-1)?.focusedWorkspace).toBe(1);
    // Junk and a line that is not a state are logged and skipped; the last good state stays.
    k.write('not json\n{"no":"monitors"}\n');
    await eventually(() => expect(t.logs.join('\n')).toMatch(/not JSON[\s\S]*not a window-manager state/));
    expect(t.names()).toEqual(['ünï', 'two']);
    // Lines under the 4 MiB line cap that would cost hundreds of MB parsed: nested 3 million deep, and a
    // million small values; each skipped before it is parsed, the last good state kept, the pipe kept.
    k.write(`${'['.repeat(3_000_000)}\n[${'{},'.repeat(1_200_000)}{}]\n`);
    k.write(line(['after'], 0));
    await eventually(() => expect(t.names()).toEqual(['after']));
    expect(t.logs.join('\n')).toMatch(/not JSON, or deeper or larger than a state can be/);
    expect(t.connections).toEqual([true]);
    expect(t.connections).toEqual([true]);
    k.destroy();
  });

  it('a peer on the pipe that writes JSON but no state is not komorebi: the bar does not say connected', async () => {
    const t = await setUp({ down: true });
    const k = await t.komorebi();
    k.write('{"no":"monitors"}\n');
    await eventually(() => expect(t.logs.join('\n')).toMatch(/not a window-manager state/));
    expect(t.connections).not.toContain(true);
    k.write(line(['real'], 0));
    await eventually(() => expect(t.names()).toEqual(['real']));
    expect(t.connections.at(-1)).toBe(true);
    k.destroy();
  });

  it('clicks become komorebic command lines, run in order', async () => {
    const t = await setUp();
    await eventually(() => expect(t.names()).toEqual(['from state']));
    const batch = [
      { type: 'MouseFollowsFocus', content: false },
      { type: 'FocusMonitorWorkspaceNumber', content: [0, 1] },
      { type: 'MouseFollowsFocus', content: true },
      { type: 'LayoutRatios', content: [null, null] },
    ] as SocketMessage[];
    await t.source.send(batch, t.states.at(-1));
    expect(t.calls().slice(2)).toEqual([['mouse-follows-focus', 'disable'], ['focus-monitor-workspace', '0', '1'], ['mouse-follows-focus', 'enable']]);
    expect(t.logs.join('\n')).toMatch(/not supported, not sent: LayoutRatios/);
  });

  it('komorebi not running: says so once and subscribes again with back-off until it is', async () => {
    const t = await setUp({ down: true });
    await eventually(() => expect(t.logs.join('\n')).toMatch(/komorebi is not running; subscribing again/));
    await eventually(() => expect(t.calls().length).toBeGreaterThanOrEqual(2));
    expect(t.logs.filter((l) => /not running/.test(l))).toHaveLength(1);
    await rm(t.env.FAKE_KOMOREBIC_DOWN);
    await eventually(() => expect(t.names()).toEqual(['from state']));
    expect(t.connections.at(-1)).toBe(true);
  });

  it('komorebi closing the pipe (it stopped or restarted): not connected, then subscribed again', async () => {
    const t = await setUp();
    await eventually(() => expect(t.calls()).toHaveLength(2));
    const k = await t.komorebi();
    k.write(line(['a']));
    await eventually(() => expect(t.names()).toEqual(['a']));
    k.end();
    await eventually(() => expect(t.connections).toEqual([true, false]));
    await eventually(() => expect(t.calls().filter((c) => c[0] === 'subscribe-pipe')).toHaveLength(2));
    const again = await t.komorebi();
    again.write(line(['b']));
    await eventually(() => expect(t.names()).toEqual(['b']));
    again.destroy();
  });

  it('an endless notification is dropped at its limit, and the next one still reads', async () => {
    const t = await setUp();
    await eventually(() => expect(t.calls()).toHaveLength(2));
    const k = await t.komorebi();
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    for (let i = 0; i < 5; i++) k.write(chunk);
    k.write(`\n${line(['after'])}`);
    await eventually(() => expect(t.names()).toEqual(['after']));
    expect(t.logs.join('\n')).toMatch(/dropped a notification of \d+ bytes or more/);
    k.destroy();
  });

  it('a second connection while komorebi\'s is open is refused: komorebi\'s state stays shown and its connection kept', async () => {
    const t = await setUp();
    await eventually(() => expect(t.calls()).toHaveLength(2));
    const k = await t.komorebi();
    let komorebiClosed = false;
    k.on('close', () => (komorebiClosed = true));
    k.write(line(['komorebi']));
    await eventually(() => expect(t.names()).toEqual(['komorebi']));
    // Another process connects and writes a state of its own, as the hostile tester's did.
    const intruder = await t.komorebi();
    let intruderClosed = false;
    intruder.on('error', () => undefined);
    intruder.on('close', () => (intruderClosed = true));
    intruder.write(line(['PWNED-1', 'PWNED-2']));
    await until(() => intruderClosed || t.names()?.[0] !== 'komorebi', 'the second connection to be refused or its state shown');
    expect(t.names()).toEqual(['komorebi']);
    await until(() => intruderClosed, 'the second connection to be closed by the bar');
    expect(komorebiClosed).toBe(false);
    expect(t.logs.join('\n')).toMatch(/refused another connection to the pipe while komorebi's is open/);
    // komorebi's connection is still the one read.
    k.write(line(['still', 'komorebi']));
    await eventually(() => expect(t.names()).toEqual(['still', 'komorebi']));
    expect(t.connections).toEqual([true]);
    k.destroy();
  });

  it('a connection that sends no state is dropped within a bound, and the bar subscribes again', async () => {
    const t = await setUp();
    await eventually(() => expect(t.calls()).toHaveLength(2));
    const silent = await t.komorebi();
    let silentClosed = false;
    silent.on('error', () => undefined);
    silent.on('close', () => (silentClosed = true));
    await until(() => silentClosed, 'the silent connection to be dropped by the bar');
    expect(t.logs.join('\n')).toMatch(/dropped a connection to the pipe that sent no state within 5 s/);
    await eventually(() => expect(t.calls().filter((c) => c[0] === 'subscribe-pipe').length).toBeGreaterThanOrEqual(2));
    // komorebi, subscribed again, is followed.
    const k = await t.komorebi();
    k.write(line(['after', 'silence']));
    await eventually(() => expect(t.names()).toEqual(['after', 'silence']));
    k.destroy();
  }, 60_000);

  it('a connection that says nothing does not keep komorebi out: komorebi connecting beside it is followed at once', async () => {
    const t = await setUp();
    await eventually(() => expect(t.calls()).toHaveLength(2));
    // Any user may open the pipe for reading (the default security descriptor of a pipe Node makes) and say nothing.
    const reader = await t.komorebi();
    let readerClosed = false;
    reader.on('error', () => undefined);
    reader.on('close', () => (readerClosed = true));
    const k = await t.komorebi();
    k.write(line(['komorebi', 'beside']));
    await eventually(() => expect(t.names()).toEqual(['komorebi', 'beside']));
    // komorebi's connection is the one kept; the silent one is let go.
    await until(() => readerClosed, 'the silent connection to be let go once komorebi spoke');
    k.write(line(['komorebi', 'again']));
    await eventually(() => expect(t.names()).toEqual(['komorebi', 'again']));
    k.destroy();
  });

  // The second hostile round: 4 silent connections, each opened again the moment it closed, held every slot, and
  // komorebi's own connection was refused at every subscription.
  it('connections that say nothing, holding every slot, do not keep komorebi out: the oldest gives way', async () => {
    const t = await setUp();
    await eventually(() => expect(t.calls()).toHaveLength(2));
    const silent = await Promise.all(Array.from({ length: MOST_UNPROVEN }, () => t.komorebi()));
    for (const s of silent) s.on('error', () => undefined);
    const k = await t.komorebi();
    let komorebiClosed = false;
    k.on('close', () => (komorebiClosed = true));
    k.write(line(['komorebi', 'in']));
    await until(() => komorebiClosed || t.names()?.[0] === 'komorebi', "komorebi's state to be shown or its connection refused");
    expect(komorebiClosed).toBe(false);
    expect(t.names()).toEqual(['komorebi', 'in']);
    expect(t.logs.join('\n')).toMatch(/let go the oldest of \d+ connections to the pipe that have sent no state, for a new one/);
    for (const s of silent) s.destroy();
    k.destroy();
  });

  it('a pipe name already taken (another program made it first) is given up for a fresh one, which komorebi is told', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tb-pipe-taken-'));
    const bin = join(dir, 'bin');
    await import('node:fs/promises').then((fs) => fs.mkdir(bin));
    await copyFile(new URL('./fake-komorebic.mjs', import.meta.url), join(bin, 'komorebic'));
    await import('node:fs/promises').then((fs) => fs.chmod(join(bin, 'komorebic'), 0o755));
    const env = childEnv({ PATH: `${bin}:${process.env.PATH ?? ''}`, FAKE_KOMOREBIC_LOG: join(dir, 'args.log'), FAKE_KOMOREBIC_STATE: join(dir, 'state.json'), FAKE_KOMOREBIC_DOWN: join(dir, 'down') });
    await writeFile(env.FAKE_KOMOREBIC_STATE, JSON.stringify(stateDoc({ workspaces: [{ name: 'from state' }], focused: 0 }).state));
    const rec = recordingEvents();
    // The first name cannot be listened on (here: its place does not exist; on Windows: EADDRINUSE, a squatter's pipe).
    const source = startKomorebiPipeSource({ pipePath: (name) => (name === 'taken' ? join(dir, 'no-such-dir', name) : join(dir, name)), name: 'taken', env, timers: realTimers, events: rec.events });
    cleanups.push(async () => {
      await source.close();
      await rm(dir, { recursive: true, force: true, maxRetries: 5 });
    });
    const calls = () => (existsSync(env.FAKE_KOMOREBIC_LOG) ? wholeLines(readFileSync(env.FAKE_KOMOREBIC_LOG, 'utf8')).map((l) => JSON.parse(l) as string[]) : []);
    await eventually(() => expect(calls()[0]?.[0]).toBe('subscribe-pipe'));
    const fresh = calls()[0]?.[1] ?? '';
    expect(fresh).toMatch(/^tilebar-/);
    expect(source.where).toBe(join(dir, fresh));
    await eventually(() => expect(rec.states.at(-1)?.workspaces.map((w) => w.name)).toEqual(['from state']));
    expect(rec.logs.join('\n')).toMatch(/cannot make the pipe/);
  }, 30_000);
});
