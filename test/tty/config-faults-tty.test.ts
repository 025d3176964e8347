/**
 * A running bar (the built binary, in a real tmux pane) whose config file is broken in every way a user or a
 * program can break it: after each fault the bar is alive, still drawn, says what is wrong, and recovers by
 * itself after a good write. Run as an ordinary user when the tests run as root, so permissions count.
 */
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, rmdir, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hasTmux, openPane, shellQuote, unprivileged, type Pane } from './tmux.js';
import { saveConfig } from '../support/bar-config.js';
import { tilebarCommand } from '../support/tilebar-command.js';

/** An editor's save, readable by the bar's user (CI runs the bar as another user). */
const save = (file: string, text: string) => saveConfig(file, text, { mode: 0o644 });

const bin = tilebarCommand();
let pane: Pane | undefined;
afterEach(() => pane?.close());

const config = (word: string) =>
  `{\n  "left_widgets": [ { "Date": { "enable": true, "format": { "Custom": "${word}" }, "label_prefix": "None" } } ],\n  "right_widgets": [ { "Time": { "enable": true, "format": { "Custom": "%H:%M" }, "timezone": "UTC", "label_prefix": "None" } } ]\n}\n`;

/** A directory the bar's user can write (its log and cache go there). */
async function workspace(prefix: string) {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  await chmod(dir, 0o777);
  return { dir, file: join(dir, 'bar.json'), log: join(dir, 'tilebar.log'), env: { HOME: dir, XDG_CACHE_HOME: join(dir, 'cache') } };
}

/** The pane runs `bar; sleep 30`: once the bar has ended, sleep is what runs. */
const alive = () => pane?.currentCommand() !== 'sleep';

/** The fault shows (the bar still drawn beside it), then a good write brings the real bar back. */
async function faultThenRecover(file: string, fault: () => Promise<void>, shows: string | RegExp, word: string, clear?: () => Promise<void>) {
  await fault();
  const screen = await pane!.waitFor((s) => (typeof shows === 'string' ? s.includes(shows) : shows.test(s)));
  expect(alive()).toBe(true);
  // Still drawn: the clock on the right is there beside the message.
  expect(screen).toMatch(/\d\d:\d\d\s*$/m);
  await clear?.();
  await save(file, config(word));
  const back = await pane!.waitFor((s) => s.includes(word) && !s.includes('config'));
  expect(back.split('\n').filter(Boolean)).toHaveLength(1);
}

describe.skipIf(!hasTmux)('a running bar whose config is broken every way (real tmux pane)', () => {
  it('stays alive, shows each fault, and recovers from each by itself', async () => {
    const w = await workspace('tilebar-faults-');
    await save(w.file, config('ALPHA'));
    pane = openPane(unprivileged(`${bin} run --config ${shellQuote(w.file)} --log ${shellQuote(w.log)}`), { width: 200, height: 1, env: w.env });
    await pane.waitFor('ALPHA');

    await faultThenRecover(w.file, async () => {
      await rm(w.file);
      await symlink('bar.json', w.file);
    }, 'config: bar.json: it is a loop of symbolic links; showing the last good config', 'BRAVO');
    await rm(w.file);
    await save(w.file, config('BRAVO2'));
    await pane.waitFor('BRAVO2');

    await faultThenRecover(w.file, async () => {
      await rm(w.file);
      await mkdir(w.file);
    }, 'config: bar.json: it is a directory', 'CHARLIE', () => rmdir(w.file));

    // Five FIFOs in a row: each is refused at once; a reload after them still works.
    for (let i = 0; i < 5; i++) {
      await faultThenRecover(w.file, async () => {
        await rm(w.file, { recursive: true });
        execFileSync('mkfifo', ['-m', '644', w.file]);
      }, 'it is not a regular file (a FIFO)', `FIFO${i}`);
    }

    await faultThenRecover(w.file, () => chmod(w.file, 0o000), 'config: bar.json: permission denied', 'DELTA');

    // Unreadable things beside the config: never looked at, and edits of the config still apply.
    await writeFile(join(w.dir, 'secret.json'), '{}', { mode: 0o000 });
    await mkdir(join(w.dir, 'private'), { mode: 0o000 });
    await save(w.file, config('ECHO'));
    await pane.waitFor('ECHO');
    expect(alive()).toBe(true);

    await faultThenRecover(w.file, () => save(w.file, 'x'.repeat(50 * 1024 * 1024)), 'it is 50.0 MiB; at most 1.0 MiB is read', 'FOXTROT');
    await faultThenRecover(w.file, () => save(w.file, `{"left_widgets": ${'['.repeat(10_000)}${']'.repeat(10_000)}, "right_widgets": []}`), /config error: objects and arrays nested more than 32 deep.*\(bar\.json:1:\d+; log/, 'GOLF');
    await faultThenRecover(w.file, () => save(w.file, '{"__proto__": {"left_widgets": [], "right_widgets": []}, "constructor": 1}'), 'config error: missing required key "left_widgets" (bar.json:1:1; log', 'HOTEL');
    await faultThenRecover(w.file, () => rm(w.file), 'config: bar.json: no such file; showing the last good config', 'INDIA');

    pane.sendKeys('q');
    await pane.waitFor(() => pane?.currentCommand() === 'sleep');
    const log = await readFile(w.log, 'utf8');
    expect(log).toContain('stopped after');
    expect(log).not.toMatch(/internal error/);
    await rmdir(join(w.dir, 'private'));
  });

  it('comes up with a config that has errors, shows where, and becomes the real bar when it is fixed', async () => {
    const w = await workspace('tilebar-badstart-');
    await save(w.file, config('JULIET').replace('"left_widgets"', '"theme": { "palette": "Base16", "name": "Gruvboxx" },\n  "left_widgets"'));
    pane = openPane(unprivileged(`${bin} run --config ${shellQuote(w.file)} --log ${shellQuote(w.log)}`), { width: 200, height: 1, env: w.env });
    const screen = await pane.waitFor('config error');
    expect(screen).toContain(`config error: theme.name: "Gruvboxx" is not a Base16 palette name (bar.json:2:43; log: ${w.log})`);
    await new Promise((r) => setTimeout(r, 1500));
    expect(alive()).toBe(true);
    expect(await readFile(w.log, 'utf8')).toMatch(/bar\.json:2:43: error: theme\.name: "Gruvboxx" is not a Base16 palette name\n\s+hint: /);
    await save(w.file, config('JULIET'));
    const fixed = await pane.waitFor((s) => s.includes('JULIET') && !s.includes('config error'));
    expect(fixed).toMatch(/^ JULIET +\d\d:\d\d\s*$/m);
    pane.sendKeys('C-c');
    await pane.waitFor(() => pane?.currentCommand() === 'sleep');
  });

  it('says what is wrong before where in a 1-row pane 80 columns wide: the words to change are not cut off', async () => {
    const w = await workspace('tilebar-narrow-');
    await save(w.file, config('LIMA').replace('"label_prefix": "None" } } ],', '"label_prefix": "None" } }, { "Cpu": { "enable": true, "auto_select_over": 300 } } ],'));
    pane = openPane(unprivileged(`${bin} run --config ${shellQuote(w.file)} --log ${shellQuote(w.log)}`), { width: 80, height: 1, env: w.env });
    const screen = await pane.waitFor('config error');
    expect(screen).toMatch(/config error: Cpu\.auto_select_over: expected .*, found 300/);
    await save(w.file, config('LIMA'));
    await pane.waitFor((s) => s.includes('LIMA') && !s.includes('config error'));
  });

  it('comes up without a config file at all, and picks it up once written', async () => {
    const w = await workspace('tilebar-nofile-');
    pane = openPane(unprivileged(`${bin} run --config ${shellQuote(w.file)} --log ${shellQuote(w.log)}`), { width: 200, height: 1, env: w.env });
    await pane.waitFor('config: bar.json: no such file; waiting for it');
    await save(w.file, config('KILO'));
    await pane.waitFor((s) => s.includes('KILO') && !s.includes('config:'));
    expect(alive()).toBe(true);
  });
});
