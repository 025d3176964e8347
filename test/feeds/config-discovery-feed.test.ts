/**
 * A feed started before the user's config exists (tmux runs `tilebar feed tmux` from tmux.conf, long before the
 * user copies the example) feeds the embedded example, then takes up `~/.config/tilebar/bar.json` by itself
 * once it is written: the built feed as a child process with an empty HOME, its stdout a pipe, as tmux runs it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../wait.js';

const main = join(process.cwd(), 'dist/bundle/main.js');
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function exited(child: ChildProcess): Promise<unknown> {
  return new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(undefined) : child.once('exit', resolve)));
}

describe('tilebar feed tmux started before the config file exists', () => {
  it('feeds the embedded example, then the file written to ~/.config/tilebar/bar.json, and says so in its log', async () => {
    const home = await mkdtemp(join(tmpdir(), 'tb-discover-feed-'));
    cleanups.push(() => rm(home, { recursive: true, force: true }));
    const runtime = join(home, 'run');
    await mkdir(runtime, { mode: 0o700 });
    const logFile = join(home, 'tilebar.log');
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, XDG_RUNTIME_DIR: runtime, XDG_CACHE_HOME: join(home, 'cache'), TZ: 'UTC' };
    const child = spawn(process.execPath, [main, 'feed', 'tmux', '--log', logFile, '--update-url', 'http://127.0.0.1:9/'], { cwd: home, env, stdio: ['pipe', 'pipe', 'pipe'] });
    const end = exited(child);
    cleanups.push(async () => {
      child.kill('SIGKILL');
      child.stdin?.destroy();
      await end;
    });
    let out = '';
    child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
    const log = () => {
      try {
        return readFileSync(logFile, 'utf8');
      } catch {
        return '';
      }
    };
    await until(() => /feeding tmux from .*config\.example\.json/.test(log()) && out.length > 0, () => `the feed to start; its log:\n${log()}`);
    expect(out).not.toContain('FROMFILE');

    const file = join(home, '.config', 'tilebar', 'bar.json');
    await mkdir(join(home, '.config', 'tilebar'), { recursive: true });
    const text = { left_widgets: [{ Date: { enable: true, format: { Custom: 'FROMFILE' }, label_prefix: 'None' } }], right_widgets: [] };
    await writeFile(`${file}.tmp`, JSON.stringify(text));
    await rename(`${file}.tmp`, file);

    await until(() => out.trimEnd().split('\n').at(-1)?.includes('FROMFILE') ?? false, () => `the feed's line to show the file; last line:\n${out.trimEnd().split('\n').at(-1)}`);
    expect(log()).toContain(`config: now ${file} (~/.config: it appeared, and ranks above config.example.json (embedded))`);
  });
});
