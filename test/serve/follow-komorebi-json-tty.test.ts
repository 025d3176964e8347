/**
 * A running `tilebar run --monitor 1` (the built binary in a real tmux pane, attached to a core and on its own)
 * follows komorebi.json while it runs: when its bar_configurations name another file for monitor 1 the bar shows
 * that file, as if it had been saved; when komorebi.json breaks or lists nothing for monitor 1 the bar keeps its
 * last good config and says what is wrong (in the pane and the log); fixed, it goes on. komorebi.json is found
 * through KOMOREBI_CONFIG_HOME, a folder of this test's own.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { saveConfig } from '../support/bar-config.js';
import { childEnv } from '../support/child-env.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { tilebarCommand } from '../support/tilebar-command.js';
import { hasTmux, openPane } from '../tty/tmux.js';
import { until } from '../wait.js';
import { coresOf } from './core-session.js';

const cleanups = cleanupsAfterEach();

/** A bar config for `monitor` that shows `word` (a date format with no date in it) and a clock. */
const bar = (monitor: number, word: string) => ({
  monitor,
  left_widgets: [{ Date: { enable: true, format: { Custom: word }, label_prefix: 'None' } }],
  right_widgets: [{ Time: { enable: true, format: { Custom: '%H:%M:%S' }, timezone: 'UTC', label_prefix: 'None' } }],
});

const listing = (...files: string[]) => `{\n  "bar_configurations": [\n${files.map((f) => `    "$Env:KOMOREBI_CONFIG_HOME/${f}"`).join(',\n')}\n  ]\n}\n`;

async function komorebiHome() {
  const dir = await mkdtemp(join(tmpdir(), 'tilebar-follow-'));
  const home = join(dir, 'home');
  const komorebi = join(dir, 'komorebi');
  mkdirSync(join(home, 'run'), { recursive: true, mode: 0o700 });
  mkdirSync(komorebi, { mode: 0o700 });
  writeFileSync(join(komorebi, 'zero.json'), JSON.stringify(bar(0, 'ZULU')));
  writeFileSync(join(komorebi, 'one.json'), JSON.stringify(bar(1, 'ALPHA')));
  writeFileSync(join(komorebi, 'other.json'), JSON.stringify(bar(1, 'BRAVO')));
  writeFileSync(join(komorebi, 'komorebi.json'), listing('zero.json', 'one.json'));
  const log = join(dir, 'bar.log');
  const env = childEnv({ HOME: home, XDG_RUNTIME_DIR: join(home, 'run'), KOMOREBI_CONFIG_HOME: komorebi, TZ: 'UTC' });
  cleanups.push(async () => {
    for (const pid of coresOf(home)) process.kill(pid, 'SIGTERM');
    await until(() => coresOf(home).length === 0, 'the core to end');
    await rm(dir, { recursive: true, force: true });
  });
  const readLog = () => {
    try {
      return readFileSync(log, 'utf8');
    } catch {
      return '';
    }
  };
  return { dir, home, komorebi, komorebiJson: join(komorebi, 'komorebi.json'), log, readLog, env };
}

describe.skipIf(!hasTmux || process.platform !== 'linux')('a bar of `run --monitor N` follows komorebi.json', () => {
  it.each([
    ['attached to the core', undefined],
    ['on its own (TILEBAR_STANDALONE=1)', '1'],
  ])('%s: switches to the file komorebi.json names for its monitor, and keeps its bar while komorebi.json is wrong', async (_mode, standalone) => {
    const k = await komorebiHome();
    const pane = openPane(tilebarCommand('run', '--monitor', '1', '--log', k.log), { width: 220, height: 1, env: { ...k.env, TILEBAR_STANDALONE: standalone } });
    cleanups.push(() => pane.close());
    await pane.waitFor('ALPHA');

    // Monitor 1 pointed at another file: the bar shows it, as if the file had been saved.
    await saveConfig(k.komorebiJson, listing('zero.json', 'other.json'));
    await pane.waitFor((s) => s.includes('BRAVO') && !s.includes('ALPHA'));

    // komorebi.json no longer parses: the last good bar stays, and the pane and the log say where and what.
    await saveConfig(k.komorebiJson, '{\n  "bar_configurations": [\n    "$Env:KOMOREBI_CONFIG_HOME/one.json",,\n  ]\n}\n');
    const broken = await pane.waitFor((s) => s.includes('komorebi.json'));
    expect(broken).toContain('BRAVO');
    expect(broken).toMatch(/komorebi\.json.*syntax error.*komorebi\.json:3:\d+/);
    await until(() => /komorebi\.json:3:\d+: error: syntax error/.test(k.readLog()), () => `the log to locate komorebi.json's syntax error:\n${k.readLog()}`);

    // Fixed, but with no config for monitor 1: still the last good bar, and what to do about it.
    await saveConfig(k.komorebiJson, listing('zero.json'));
    const unlisted = await pane.waitFor((s) => /komorebi\.json.*monitor 1/.test(s));
    expect(unlisted).toContain('BRAVO');
    expect(unlisted).toMatch(/no bar config .*monitor 1/);
    await until(() => /hint: .*"monitor": 1/.test(k.readLog()), () => `the log to say how to list a config for monitor 1:\n${k.readLog()}`);

    // Listed again: the bar recovers, on the file now listed, and says nothing more about komorebi.json.
    await saveConfig(k.komorebiJson, listing('zero.json', 'one.json'));
    const back = await pane.waitFor((s) => s.includes('ALPHA') && !s.includes('komorebi.json'));
    expect(back).not.toContain('BRAVO');
    // The bar's own file is followed too: an edit of the file now listed shows.
    await saveConfig(join(k.komorebi, 'one.json'), bar(1, 'CHARLIE'));
    await pane.waitFor('CHARLIE');
    expect(pane.currentCommand()).not.toBe('sleep');
    expect(k.readLog()).not.toMatch(/internal error/);
  });
});
