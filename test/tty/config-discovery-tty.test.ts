/**
 * The README's quick start, done in the order a new user does it: a bar started before any config file exists
 * (it shows the embedded example), then `~/.config/tilebar/bar.json` written, which the running bar takes up by
 * itself, saying so in its log. And `--config FILE` for a FILE (and its directory) that does not exist yet.
 * The built binary in a real tmux pane, with an empty HOME of its own; as an ordinary user when run as root.
 */
import { readFileSync } from 'node:fs';
import { chmod, chown, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../wait.js';
import { hasTmux, openPane, shellQuote, UNPRIVILEGED, unprivileged, type Pane } from './tmux.js';
import { saveConfig } from '../support/bar-config.js';
import { tilebarCommand } from '../support/tilebar-command.js';

/** Written as a user would from a shell: the directories made, the file saved by an editor, readable by the bar's user. */
const saveAs = (file: string, text: string) => saveConfig(file, text, { mode: 0o644 });

const bin = tilebarCommand();
let pane: Pane | undefined;
afterEach(() => pane?.close());

/** A small config no example has: a date in a format of its own. */
const config = (word: string) =>
  `{\n  "left_widgets": [ { "Date": { "enable": true, "format": { "Custom": "${word}" }, "label_prefix": "None" } } ],\n  "right_widgets": []\n}\n`;

/**
 * An empty HOME of the bar's user (its log and cache go there): when run as root, nobody's own, so that the
 * config root writes in it passes the trust rule (a HOME anyone may write in would not: docs/trust.md).
 */
async function emptyHome(prefix: string) {
  const home = await mkdtemp(join(tmpdir(), prefix));
  await chmod(home, 0o755);
  if (process.getuid?.() === 0) await chown(home, UNPRIVILEGED.uid, UNPRIVILEGED.gid);
  const log = join(home, 'tilebar.log');
  return { home, log, env: { HOME: home, XDG_CACHE_HOME: join(home, 'cache') }, readLog: () => {
      try {
        return readFileSync(log, 'utf8');
      } catch {
        return '';
      }
    },
  };
}

describe.skipIf(!hasTmux)('config discovery while the bar runs (real tmux pane)', () => {
  it('a bar started on the embedded example takes up ~/.config/tilebar/bar.json once it is written, and says so', async () => {
    const w = await emptyHome('tilebar-discover-');
    pane = openPane(unprivileged(`${bin} run --log ${shellQuote(w.log)}`), { width: 200, height: 1, env: w.env });
    // Up and running on the example (watchers included) before the file exists.
    await until(() => /running .*config\.example\.json/.test(w.readLog()), () => `the bar to run; its log:\n${w.readLog()}`);

    const file = join(w.home, '.config', 'tilebar', 'bar.json');
    await saveAs(file, config('DISCOVERED'));
    const screen = await pane.waitFor('DISCOVERED');
    expect(screen.split('\n').filter(Boolean)).toHaveLength(1);
    const log = w.readLog();
    expect(log).toContain(`config: now ${file} (~/.config: it appeared, and ranks above config.example.json (embedded))`);
    expect(log).not.toMatch(/internal error/);

    pane.sendKeys('q');
    await pane.waitFor(() => pane?.currentCommand() === 'sleep');
  });

  it('--config FILE in a directory that does not exist yet: waits for it, and shows it once written', async () => {
    const w = await emptyHome('tilebar-later-');
    const file = join(w.home, 'later', 'bar.json');
    pane = openPane(unprivileged(`${bin} run --config ${shellQuote(file)} --log ${shellQuote(w.log)}`), { width: 200, height: 1, env: w.env });
    await pane.waitFor('config: bar.json: no such file; waiting for it');
    await until(() => w.readLog().includes('running '), 'the bar to run');
    await saveAs(file, config('LATER'));
    await pane.waitFor((s) => s.includes('LATER') && !s.includes('config:'));
    expect(pane.currentCommand()).not.toBe('sleep');
  });
});
