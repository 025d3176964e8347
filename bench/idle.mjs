#!/usr/bin/env node
// Idle cost of status bars in real terminals (tmux panes), all programs side by side in each run so that
// ratios hold on a noisy machine: start-up CPU and time to first output, steady-state CPU (CPU of the long
// run minus CPU at the short mark, per minute), peak RSS, and for tilebar frames and bytes written.
// tilebar is measured warm (its config validated at an earlier start, from the cache of validated models)
// and cold (an empty cache directory every run: the first start after an install or an edit).
// BENCH_SECONDS (default 60) and BENCH_RUNS (default 3) set the length and the number of the side-by-side
// runs; BENCH_FIRST_RUNS (default 7) the number of first-output measurements of each program.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstFrameMs } from './first-frame.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const LONG = Number(process.env.BENCH_SECONDS ?? 60);
// BENCH_FROM (default 5) is where the steady state starts: BENCH_FROM=300 BENCH_SECONDS=360 is minutes 5–6.
const SHORT = Number(process.env.BENCH_FROM ?? 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const FIRST_RUNS = Number(process.env.BENCH_FIRST_RUNS ?? 7);
const TICK_MS = 10; // USER_HZ 100

if (spawnSync('tmux', ['-V']).status !== 0) {
  console.log('idle benchmark: skipped, tmux is not installed');
  process.exit(0);
}
const dir = mkdtempSync(join(tmpdir(), 'tilebar-bench-'));
const node = process.execPath;
const bin = join(root, 'dist', 'bundle', 'main.js');

// The busy config: every system widget polled every second, a seconds clock, a date.
writeFileSync(
  join(dir, 'busy.json'),
  JSON.stringify({
    left_widgets: [{ Komorebi: { workspaces: { enable: true, hide_empty_workspaces: false }, layout: { enable: true } } }],
    center_widgets: [{ Time: { enable: true, format: 'TwentyFourHour' } }],
    right_widgets: [
      { Network: { enable: true, show_activity: true, show_total_activity: true, data_refresh_interval: 1 } },
      { Storage: { enable: true, data_refresh_interval: 1 } },
      { Cpu: { enable: true, data_refresh_interval: 1 } },
      { Memory: { enable: true, data_refresh_interval: 1 } },
      { Battery: { enable: true, data_refresh_interval: 1 } },
      { Date: { enable: true, format: 'DayDateMonthYear' } },
    ],
  }),
);
writeFileSync(
  join(dir, 'i3status.conf'),
  'general { output_format = "none" interval = 1 }\norder += "cpu_usage"\norder += "memory"\norder += "disk /"\norder += "ethernet _first_"\norder += "tztime local"\ncpu_usage { format = "CPU %usage" }\nmemory { format = "RAM %percentage_used" }\ndisk "/" { format = "/ %percentage_used" }\nethernet _first_ { format_up = "E %ip" format_down = "E down" }\ntztime local { format = "%H:%M:%S" }\n',
);

/**
 * The Media and Keyboard widgets idle, with real sources: a private session bus with a fake MPRIS player
 * (test/media/fake-player.mjs) and an X server (Xvfb) with two layouts; beside a clock-only bar, so the
 * difference is what following a player and the keyboard costs. Skipped without dbus-daemon or Xvfb.
 */
function eventRows() {
  if (spawnSync('dbus-daemon', ['--version']).status !== 0 || spawnSync('Xvfb', ['-help']).error) {
    console.log('(dbus-daemon or Xvfb is not installed: the Media + Keyboard rows are left out)');
    return [];
  }
  const busDir = join(dir, 'bus');
  execFileSync('mkdir', ['-p', busDir]);
  writeFileSync(join(busDir, 'session.conf'), `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd"><busconfig><type>session</type><listen>unix:path=${busDir}/bus</listen><auth>EXTERNAL</auth><policy context="default"><allow send_destination="*"/><allow own="*"/><allow user="*"/></policy></busconfig>`);
  helpers.push(spawn('dbus-daemon', ['--config-file', join(busDir, 'session.conf'), '--nofork'], { stdio: 'ignore' }));
  const address = `unix:path=${busDir}/bus`;
  const display = `:${150 + (process.pid % 300)}`;
  helpers.push(spawn('Xvfb', [display, '-noreset', '-nolisten', 'tcp'], { stdio: 'ignore' }));
  for (let i = 0; i < 50 && !(existsSync(`${busDir}/bus`) && existsSync(`/tmp/.X11-unix/X${display.slice(1)}`)); i++) spawnSync('sleep', ['0.1']);
  spawnSync('setxkbmap', ['-display', display, '-layout', 'us,de']);
  helpers.push(spawn(node, [join(root, 'test', 'media', 'fake-player.mjs'), 'bench'], { env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: address }, stdio: ['pipe', 'ignore', 'ignore'] }));
  const clockOnly = join(dir, 'clock.json');
  writeFileSync(clockOnly, JSON.stringify({ left_widgets: [], center_widgets: [{ Time: { enable: true, format: 'TwentyFourHour' } }], right_widgets: [] }));
  const events = join(dir, 'media-keyboard.json');
  writeFileSync(events, JSON.stringify({ left_widgets: [{ Media: { enable: true, display: 'Full' } }], center_widgets: [{ Time: { enable: true, format: 'TwentyFourHour' } }], right_widgets: [{ Keyboard: { enable: true } }] }));
  const extraEnv = { DBUS_SESSION_BUS_ADDRESS: address, DISPLAY: display };
  return [tilebar(clockOnly, 'tilebar (a clock only)'), { ...tilebar(events, 'tilebar (media + keyboard + clock)'), extraEnv }];
}
const helpers = [];
process.on('exit', () => helpers.forEach((h) => h.kill()));
/** The tmux servers of the run under way (socket → the pane's program): a bench stopped by a signal ends them. */
const servers = new Map();
function stopServers() {
  for (const [socket, pid] of servers) {
    spawnSync('tmux', ['-S', socket, 'kill-server']);
    // The pane's program gets its terminal's hangup; a bar that outlived it would be told again.
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  servers.clear();
}
// Stopped by SIGINT, SIGTERM or SIGHUP: no tmux server, bar or helper of ours may live on (they did: issue 31).
for (const [signal, status] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]]) {
  process.on(signal, () => {
    stopServers();
    for (const h of helpers) h.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
    process.exit(status);
  });
}

const tilebar = (config, name, { cold = false, args = [], height = 1 } = {}) => ({
  name,
  cold,
  height,
  log: join(dir, `${name}.log`),
  // As users start it: the command itself, through its #! line (which sets Node's flags).
  command: [bin, 'run', '--config', config, '--tiler-socket-dir', dir, '--update-url', 'http://127.0.0.1:9/', '--log', join(dir, `${name}.log`), ...args],
});
const programs = [
  tilebar(join(root, 'config.example.json'), 'tilebar (config.example.json)'),
  tilebar(join(root, 'config.example.json'), 'tilebar (example, cold: no cache)', { cold: true }),
  tilebar(join(dir, 'busy.json'), 'tilebar (busy: every widget at 1 s)'),
  // The default height, what `npm start` shows: three rows, with the example's group boxes drawn.
  tilebar(join(root, 'config.example.json'), 'tilebar (example, 160×3: group boxes)', { height: 3 }),
  tilebar(join(root, 'config.example.json'), 'tilebar (example, --renderer direct)', { args: ['--renderer', 'direct'] }),
  tilebar(join(dir, 'busy.json'), 'tilebar (busy, --renderer direct)', { args: ['--renderer', 'direct'] }),
  ...eventRows(),
  { name: 'bare Ink clock (bench/ink-clock.mjs)', command: [node, join(root, 'bench', 'ink-clock.mjs')] },
  { name: 'bare Node, a 1 s timer', command: [node, '-e', "setInterval(() => process.stdout.write('\\r' + new Date().toTimeString().slice(0, 8)), 1000); process.stdout.write('.')"] },
  ...(spawnSync('i3status', ['--version']).status === 0 ? [{ name: 'i3status', command: ['i3status', '-c', join(dir, 'i3status.conf')] }] : []),
];
if (!programs.some((p) => p.name === 'i3status')) console.log('(i3status is not installed: apt-get install i3status to compare with it)');

const q = (s) => `'${s.replaceAll("'", "'\\''")}'`;
let fresh = 0;
/** The shell command tmux runs: a clean environment; a cold tilebar gets a cache directory of its own, empty. */
function shellCommand(p) {
  let cache = join(dir, '.cache');
  if (p.cold) {
    cache = join(dir, `cold-cache-${fresh++}`);
    rmSync(cache, { recursive: true, force: true });
  }
  const extra = Object.entries(p.extraEnv ?? {}).map(([k, v]) => ` ${k}=${q(v)}`).join('');
  const env = `PATH=${q(process.env.PATH ?? '/usr/bin:/bin')} HOME=${q(dir)} XDG_CACHE_HOME=${q(cache)} TERM=xterm-256color COLORTERM=truecolor TZ=UTC${extra}`;
  return `exec env -i ${env} ${p.command.map(q).join(' ')}`;
}
const cpuMs = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * TICK_MS;
};
const hwmKb = (pid) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Time to first visible text, one program at a time (started together they would share the two cores). */
const firstOutput = (p) => firstFrameMs(shellCommand(p));

async function runOnce(run) {
  const live = programs.map((p, i) => {
    const socket = join(dir, `tmux-${run}-${i}`); // a path (-S), removed with dir: a killed server leaves its socket
    const started = performance.now();
    execFileSync('tmux', ['-S', socket, '-f', '/dev/null', 'new-session', '-d', '-s', 'b', '-x', '160', '-y', String(p.height ?? 1), shellCommand(p)]);
    const pid = Number(execFileSync('tmux', ['-S', socket, 'display-message', '-p', '-t', 'b', '#{pane_pid}'], { encoding: 'utf8' }).trim());
    servers.set(socket, pid);
    return { p, socket, pid, started, cpuAtShort: 0 };
  });
  await sleep(Math.max(0, SHORT * 1000 - (performance.now() - Math.min(...live.map((l) => l.started)))));
  for (const l of live) l.cpuAtShort = cpuMs(l.pid);
  const shortAt = performance.now();
  await sleep((LONG - SHORT) * 1000);
  const span = (performance.now() - shortAt) / 1000;
  const results = live.map((l) => {
    const cpuLong = cpuMs(l.pid);
    return { name: l.p.name, startupCpuMs: l.cpuAtShort, steadyPerMin: ((cpuLong - l.cpuAtShort) / 1000 / span) * 60, rssMb: hwmKb(l.pid) / 1024, l };
  });
  for (const r of results) {
    if (r.l.p.log) spawnSync('tmux', ['-S', r.l.socket, 'send-keys', '-t', 'b', 'q']);
  }
  await sleep(800);
  for (const r of results) {
    spawnSync('tmux', ['-S', r.l.socket, 'kill-server']);
    servers.delete(r.l.socket);
    if (r.l.p.log && existsSync(r.l.p.log)) {
      const m = /stopped after (\d+) frames, (\d+) bytes/.exec(readFileSync(r.l.p.log, 'utf8').split('\n').filter((x) => x.includes('stopped after')).at(-1) ?? '');
      if (m) Object.assign(r, { frames: Number(m[1]), bytes: Number(m[2]) });
    }
  }
  return results;
}

// A warm tilebar has started once with its config before (that start is not counted).
for (const p of programs.filter((x) => x.log && !x.cold)) await firstOutput(p);
const firsts = new Map(programs.map((p) => [p.name, []]));
for (let run = 0; run < FIRST_RUNS; run++) for (const p of programs) firsts.get(p.name).push(await firstOutput(p));
const all = [];
for (let run = 0; run < RUNS; run++) all.push(await runOnce(run));
const rows = programs.map((p) => {
  const rs = all.map((results) => results.find((r) => r.name === p.name));
  const pick = (k) => median(rs.map((r) => r?.[k] ?? NaN));
  return { name: p.name, steady: pick('steadyPerMin'), startup: pick('startupCpuMs'), first: median(firsts.get(p.name)), rss: pick('rssMb'), frames: pick('frames'), bytes: pick('bytes') };
});
const base = rows[0];
const bare = rows.find((r) => r.name.startsWith('bare Node'));
console.log(`idle in a 160×1 tmux pane (160×3 where the name says), median of ${RUNS} runs of ${LONG} s, all programs side by side (steady state = CPU after the first ${SHORT} s, per minute; first output = first visible text, median of ${FIRST_RUNS} starts, one program at a time)`);
console.log(`${'program'.padEnd(38)} ${'steady CPU s/min'.padStart(16)} ${'ms/tick'.padStart(8)} ${(SHORT === 5 ? 'start-up CPU ms' : `CPU ms to ${SHORT} s`).padStart(15)} ${'first output ms'.padStart(15)} ${'peak RSS MB'.padStart(11)} ${'frames/min'.padStart(10)} ${'bytes/min'.padStart(10)}  tilebar ÷ this`);
for (const r of rows) {
  const perMin = (v) => (Number.isFinite(v) ? ((v / LONG) * 60).toFixed(0) : '—');
  console.log(
    `${r.name.padEnd(38)} ${r.steady.toFixed(3).padStart(16)} ${((r.steady / 60) * 1000).toFixed(2).padStart(8)} ${r.startup.toFixed(0).padStart(15)} ${r.first.toFixed(0).padStart(15)} ${r.rss.toFixed(1).padStart(11)} ${perMin(r.frames).padStart(10)} ${perMin(r.bytes).padStart(10)}  ${r === base ? '' : `${(base.steady / r.steady).toFixed(2)}× CPU, ${(base.rss / r.rss).toFixed(2)}× RSS`}`,
  );
}
if (bare) {
  for (const r of rows.filter((x) => x.name.startsWith('tilebar'))) {
    console.log(`${r.name}: ${(r.steady - bare.steady).toFixed(3)} CPU s/min above bare Node's timer on this machine`);
  }
}

// The performance budget, on this run's own figures: the Ink app and the direct renderer against the bare Ink
// clock of the same run.
const row = (name) => rows.find((r) => r.name === name);
const inkClock = row('bare Ink clock (bench/ink-clock.mjs)');
const verdicts = [];
const check = (what, value, limit, unit) => verdicts.push(`${value <= limit ? 'ok  ' : 'OVER'} ${what}: ${Number.isFinite(value) ? value.toFixed(unit === 'ms' ? 0 : unit === 'MB' ? 1 : unit === '×' ? 2 : 3) : '—'} ${unit} (budget ${limit})`);
const ink = rows.filter((x) => x.name.startsWith('tilebar') && !x.name.includes('direct'));
const direct = rows.filter((x) => x.name.includes('--renderer direct'));
check('steady state, config.example.json ÷ bare Ink clock', row('tilebar (config.example.json)').steady / inkClock.steady, 2.0, '×');
check('steady state, busy config ÷ bare Ink clock', row('tilebar (busy: every widget at 1 s)').steady / inkClock.steady, 2.5, '×');
// Times are machine-dependent: they are held to the bare Ink clock measured in the same run (its first text and
// its CPU), not to milliseconds set on another machine. Memory barely depends on the machine: megabytes.
for (const r of ink.filter((x) => !x.name.includes('cold'))) check(`time to first frame ÷ bare Ink clock's, ${r.name.slice(9, -1)}`, r.first / inkClock.first, 0.8, '×');
for (const r of ink) check(`peak RSS, ${r.name.slice(9, -1)}`, r.rss, 85, 'MB');
// Issue 24's aims for drawing through Ink: the example within 1.3× a bare Ink clock in a 1-row pane, 1.6× in the
// default 3-row pane with its group boxes, and 80 MB at most in both.
check('through Ink, example 160×1 ÷ bare Ink clock (issue 24)', row('tilebar (config.example.json)').steady / inkClock.steady, 1.3, '×');
check('through Ink, example 160×3 with group boxes ÷ bare Ink clock (issue 24)', row('tilebar (example, 160×3: group boxes)').steady / inkClock.steady, 1.6, '×');
for (const name of ['tilebar (config.example.json)', 'tilebar (example, 160×3: group boxes)']) check(`peak RSS through Ink, ${name.slice(9, -1)} (issue 24)`, row(name).rss, 80, 'MB');
check('direct renderer steady state ÷ bare Ink clock, config.example.json', row('tilebar (example, --renderer direct)').steady / inkClock.steady, 0.8, '×');
for (const r of direct) check(`direct renderer time to first frame ÷ bare Ink clock's, ${r.name.slice(9, -1)}`, r.first / inkClock.first, 0.8, '×');
for (const r of direct) check(`direct renderer peak RSS, ${r.name.slice(9, -1)}`, r.rss, 75, 'MB');
console.log(`budget:\n  ${verdicts.join('\n  ')}`);
// SIGTERM, so the X server removes its lock file and socket under /tmp (a SIGKILL left both behind), then waited for.
for (const h of helpers) h.kill('SIGTERM');
for (let i = 0; i < 50 && helpers.some((h) => h.exitCode === null && h.signalCode === null); i++) await new Promise((r) => setTimeout(r, 100));
for (const h of helpers) if (h.exitCode === null && h.signalCode === null) h.kill('SIGKILL');
rmSync(dir, { recursive: true, force: true });
