/**
 * Every command the README shows, run as a reader would run it, in order: in a fresh copy of the repository
 * (its tracked files, the installed node_modules linked), with a home directory of its own, the `tilebar`
 * that `npm install -g .` puts on the PATH, and real tmux panes for the bar. A README command this test does
 * not know how to run fails it, so the README cannot show a command nobody ran. Two are run elsewhere:
 * `npm ci` and `npm test` are what `.ci/run` does. One cannot run here: `systemctl --user` needs a user
 * session manager; its unit file is checked with `systemd-analyze verify` instead, where installed. The Install
 * section's commands on release files (`sha256sum -c`, `tar -xzf tilebar-…`, `install … tilebar-…`,
 * `npm install -g ./tilebar-….tgz`) run in the `release/<version>/` that `npm run release` makes in the copy, as
 * the README says; a file they name that the release did not make fails the test. The PowerShell blocks (Windows)
 * are not run: there is no Windows here.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasTmux, openPane, shellQuote } from '../tty/tmux.js';
import { PATIENCE_MS } from '../wait.js';
import { childEnv, networkEnv } from '../support/child-env.js';

const repo = process.cwd();
const readme = readFileSync(join(repo, 'README.md'), 'utf8');

/** Each line of each ```sh block, without its comment. */
export function readmeCommands(text: string): string[] {
  return [...text.matchAll(/```sh\n([\s\S]*?)```/g)]
    .flatMap((m) => (m[1] ?? '').split('\n'))
    .map((l) => l.replace(/\s+#\s.*$/, '').trim())
    .filter((l) => l !== '');
}

const commands = readmeCommands(readme);
const hasGit = spawnSync('git', ['--version']).status === 0;
const root = mkdtempSync(join(tmpdir(), 'tilebar-readme-'));
const copy = join(root, 'repo');
const home = join(root, 'home');
const prefix = join(root, 'prefix');
const env = childEnv({
  PATH: `${join(prefix, 'bin')}:${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
  HOME: home,
  TZ: 'UTC',
  TERM: 'xterm-256color',
  npm_config_prefix: prefix,
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
});

beforeAll(() => {
  // A fresh copy: what `git clone` would give (tracked files, and this change's new ones), with the
  // dependencies already installed linked in (`npm ci` is .ci/run's).
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repo, encoding: 'utf8' }).split('\0').filter((f) => f !== '' && existsSync(join(repo, f)));
  for (const f of files) cpSync(join(repo, f), join(copy, f));
  symlinkSync(join(repo, 'node_modules'), join(copy, 'node_modules'));
  mkdirSync(home);
  // The README's own examples use a config in the home directory.
  cpSync(join(repo, 'config.example.json'), join(home, 'komorebi.bar.json'));
}, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The Install section's lines that work on release files. */
const RELEASE_LINE = /^(sha256sum -c |tar -xzf tilebar-|install (-D )?-m 755 tilebar-|npm install -g \.\/tilebar-)/;
let released: string | undefined;
/** `release/<version>/` in the copy, as `npm run release` makes it. */
function releaseFiles(): string {
  if (released) return released;
  const version = (JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8')) as { version: string }).version;
  released = join(copy, 'release', version);
  if (process.env.TILEBAR_RELEASE_DIR) {
    // CI's release of this clone (.ci/run), made once for every test that needs one: its files, where the
    // README's reader has them.
    cpSync(process.env.TILEBAR_RELEASE_DIR, released, { recursive: true });
  } else {
    // A limit, not an expectation: the release makes two executables, minutes on a loaded 2-core machine.
    const r = sh('npm run release --silent', copy, {}, 900_000);
    expect(r.status, r.stderr).toBe(0);
  }
  return released;
}

function sh(line: string, cwd = copy, more: Record<string, string> = {}, timeout = 120_000) {
  return spawnSync('bash', ['-c', line], { cwd, env: { ...env, ...more }, encoding: 'utf8', timeout });
}

/** A command that becomes a bar: run it in a real pane, wait for a drawn bar, quit with q. */
async function asBar(line: string) {
  const pane = openPane(`bash -c ${shellQuote(`cd ${shellQuote(copy)} && ${line}; echo "exit=$?"`)}`, { width: 160, height: 3, env });
  try {
    await pane.waitFor((s) => /\S/.test(s) && !s.includes('exit='));
    // A bar shows its clock: the example's time widget.
    await pane.waitFor((s) => /\d\d:\d\d:\d\d/.test(s));
    pane.sendKeys('q');
    await pane.waitFor('exit=0');
  } finally {
    pane.close();
  }
}

/** `tmux split-window …` typed into a shell inside tmux, as the README says to. */
async function inTmux(line: string) {
  const sock = join(root, 'tmux.sock');
  const tmux = (...args: string[]) => execFileSync('tmux', ['-S', sock, '-f', '/dev/null', ...args], { encoding: 'utf8', env });
  tmux('new-session', '-d', '-s', 'r', '-x', '160', '-y', '20', '-c', copy, ...Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]), 'bash --norc --noprofile');
  try {
    tmux('send-keys', '-t', 'r', '-l', line);
    tmux('send-keys', '-t', 'r', 'Enter');
    const deadline = Date.now() + PATIENCE_MS;
    for (;;) {
      const panes = tmux('list-panes', '-t', 'r', '-F', '#{pane_index} #{pane_height}').trim().split('\n');
      const bar = panes.length === 2 ? tmux('capture-pane', '-p', '-t', 'r.1') : '';
      if (panes.some((p) => p.endsWith(' 1')) && /\d\d:\d\d:\d\d/.test(bar)) break;
      if (Date.now() > deadline) throw new Error(`no one-row bar pane appeared: ${panes.join(', ')}\n${bar}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    spawnSync('tmux', ['-S', sock, 'kill-server'], { env, stdio: 'ignore' });
  }
}

describe.skipIf(!hasGit || !hasTmux)('every command in the README', () => {
  it('is one this test knows how to run', () => {
    expect(commands.length).toBeGreaterThan(10);
    const known = /^(npm (ci|test|start|install -g \.)$|npx |tilebar |tmux split-window |systemctl --user |tail )/;
    const onReleaseFiles = (c: string) => RELEASE_LINE.test(c);
    expect(commands.filter((c) => !known.test(c) && !onReleaseFiles(c))).toEqual([]);
  });

  it('runs, in the README’s order, as a reader would run it', { timeout: 1_200_000 }, async () => {
    const ci = readFileSync(join(repo, '.ci', 'run'), 'utf8');
    const ran: string[] = [];
    // The picture's command opens the README, before the install section: it runs once `tilebar` is installed.
    const installAt = commands.indexOf('npm install -g .');
    expect(installAt).toBeGreaterThan(-1);
    const early = commands.slice(0, installAt).filter((c) => c.startsWith('tilebar '));
    const order = [...commands.slice(0, installAt + 1).filter((c) => !early.includes(c)), ...early, ...commands.slice(installAt + 1)];
    for (const line of order) {
      if (line === 'npm ci' || line === 'npm test') {
        // What .ci/run does on every change.
        expect(ci).toMatch(line === 'npm ci' ? /^npm ci\b/m : /^npm test\b/m);
      } else if (line === 'npm install -g .') {
        // Installs from the copy (its `prepare` bundles it there); later `tilebar` lines use what it installs.
        const r = sh(line);
        expect(r.status, r.stderr).toBe(0);
        expect(existsSync(join(prefix, 'bin', 'tilebar'))).toBe(true);
      } else if (line === 'npm start' || line.startsWith('tilebar run')) {
        await asBar(line);
      } else if (line.startsWith('tmux split-window')) {
        await inTmux(line);
      } else if (RELEASE_LINE.test(line)) {
        // In the release folder `npm run release` makes, made once, the first time a line needs it.
        const dir = releaseFiles();
        const named = /(tilebar-[\w.-]+?\.(?:tgz|tar\.gz)|tilebar-[\w.-]+-linux-x64(?=\/))/.exec(line)?.[1];
        if (named) expect(existsSync(join(dir, named)), `npm run release made no ${named}, which the README's Install names`).toBe(true);
        // The npm package's two dependencies come from the registry, as for a user (test/package/pack.test.ts).
        const r = sh(line, dir, networkEnv());
        expect(r.status, `${line}\n${r.stdout}${r.stderr}`).toBe(0);
      } else if (line.startsWith('systemctl --user')) {
        // Needs a user session manager; check the unit the README shows instead, where systemd-analyze is.
        const unit = /```ini\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
        expect(unit).toContain('ExecStart=/usr/bin/env foot --app-id tilebar --title tilebar --window-size-chars 200x1 tilebar run');
        const analyze = spawnSync('systemd-analyze', ['--version']);
        if (analyze.status === 0) {
          const file = join(root, 'tilebar.service');
          writeFileSync(file, unit);
          const r = spawnSync('systemd-analyze', ['verify', '--man=no', file], { encoding: 'utf8' });
          // Only the unit's own lines count (a container has no graphical-session.target to look up).
          expect(r.stderr.split('\n').filter((l) => l.includes('tilebar.service:'))).toEqual([]);
        }
      } else {
        const r = sh(line);
        expect(r.status, `${line}\n${r.stderr}`).toBe(0);
        const redirect = /> (\S+)$/.exec(line)?.[1];
        if (redirect) expect(statSync(join(copy, redirect)).size).toBeGreaterThan(100);
      }
      ran.push(line);
    }
    expect([...ran].sort()).toEqual([...commands].sort());
    // The picture command wrote the README's picture again, in the copy: the same bytes.
    expect(Buffer.compare(readFileSync(join(copy, 'docs', 'bar.png')), readFileSync(join(repo, 'docs', 'bar.png')))).toBe(0);
    // The log the README's troubleshooting tails was written by the bars above.
    expect(readFileSync(join(home, '.local', 'state', 'tilebar', 'tilebar.log'), 'utf8')).toContain('running ');
  });
});
