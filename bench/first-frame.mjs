// Time from starting a program in a new 160×1 tmux pane to its first visible text, without polling: a
// tmux control-mode client (`tmux -C`) is told of the pane's output (`%output`) as the program writes it.
// Escape sequences alone (the alternate screen, mouse modes, clearing) do not count: only printable text.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';


/** Printable text in a `%output` payload: tmux escapes bytes below 32 and `\` as octal. */
function visibleText(payload) {
  const raw = payload.replace(/\\([0-7]{3})/g, (_, o) => String.fromCharCode(parseInt(o, 8)));
  return raw
    .replace(/\x1b\[[0-9;?<>=!]*[ -/]*[@-~]/g, '') // CSI
    .replace(/\x1b\][^\x07\x1b]*(\x07|\x1b\\)/g, '') // OSC
    .replace(/\x1b[()][0-9A-Za-z]|\x1b[=>78cDEHM]/g, '')
    .replace(/[\x00-\x20\x7f]/g, '');
}

/**
 * Milliseconds to the first visible text of `shellCommand` (run by tmux's shell), or NaN after `timeoutMs`.
 * The program is then killed with its tmux server.
 */
export function firstFrameMs(shellCommand, { timeoutMs = 10_000 } = {}) {
  // A socket path in a private directory, removed afterwards: a killed tmux server leaves its socket behind.
  const dir = mkdtempSync(join(tmpdir(), 'tilebar-first-'));
  const socket = join(dir, 'tmux');
  return new Promise((resolve) => {
    const started = performance.now();
    const tmux = spawn('tmux', ['-S', socket, '-f', '/dev/null', '-C', 'new-session', '-x', '160', '-y', '1', shellCommand], { stdio: ['pipe', 'pipe', 'ignore'] });
    let pending = '';
    let done = false;
    const finish = (ms) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      spawnSync('tmux', ['-S', socket, 'kill-server']);
      tmux.kill();
      rmSync(dir, { recursive: true, force: true });
      resolve(ms);
    };
    const timer = setTimeout(() => finish(NaN), timeoutMs);
    tmux.stdout.setEncoding('latin1');
    tmux.stdout.on('data', (chunk) => {
      const at = performance.now();
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const m = /^%output %\d+ (.*)$/.exec(line.replace(/\r$/, ''));
        if (m && visibleText(m[1]) !== '') return finish(at - started);
      }
    });
    tmux.on('exit', () => finish(NaN));
  });
}
