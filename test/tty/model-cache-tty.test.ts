import { readFileSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hasTmux, openPane, shellQuote, type Pane } from './tmux.js';
import { saveConfig } from '../support/bar-config.js';
import { tilebarCommand } from '../support/tilebar-command.js';
import { NODE_LAUNCH_FLAGS } from '../../src/cli/node-launch-flags.js';

const bin = tilebarCommand();
let pane: Pane | undefined;
afterEach(() => pane?.close());

const config = (word: string) =>
  `{ "left_widgets": [ { "Date": { "enable": true, "format": { "Custom": "${word}" }, "label_prefix": "None" } } ], "right_widgets": [] }\n`;

describe.skipIf(!hasTmux)('tilebar run started again with the same config (real tmux pane)', () => {
  it('uses the model validated at the last start, validates an edited file again, and ignores a damaged cache', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tilebar-cache-'));
    const file = join(dir, 'bar.json');
    const logFile = join(dir, 'tilebar.log');
    const start = async (word: string) => {
      pane = openPane(`${bin} run --config ${shellQuote(file)} --log ${shellQuote(logFile)}`, { width: 60, height: 1, env: { XDG_CACHE_HOME: join(dir, 'cache') } });
      await pane.waitFor(word);
      pane.sendKeys('q');
      await pane.waitFor(() => pane?.currentCommand() === 'sleep');
      pane.close();
      const runs = (await readFile(logFile, 'utf8')).split('\n').filter((l) => l.includes(' running '));
      return runs.at(-1) ?? '';
    };

    await saveConfig(file, config('ALPHA'));
    expect(await start('ALPHA')).toContain('(config validated;');
    expect(await start('ALPHA')).toContain('(config as validated at an earlier start, from the cache;');

    // Edited while the bar was not running: the new text is validated, and shown.
    await saveConfig(file, config('BRAVO'));
    expect(await start('BRAVO')).toContain('(config validated;');

    // A damaged entry is a miss: the bar validates and starts as usual.
    const models = join(dir, 'cache', 'tilebar', 'models');
    for (const name of await readdir(models)) await writeFile(join(models, name), '{ damaged');
    expect(await start('BRAVO')).toContain('(config validated;');

    // An edit that breaks the file is never hidden by the cache of the old text: the bar shows the error.
    await saveConfig(file, config('CHARLIE').replace('"right_widgets"', '"right_widgets" oops'));
    pane = openPane(`${bin} run --config ${shellQuote(file)} --log ${shellQuote(logFile)}`, { width: 100, height: 1, env: { XDG_CACHE_HOME: join(dir, 'cache') } });
    const screen = await pane.waitFor('config error');
    expect(screen).toMatch(/config error: syntax error.*\(bar\.json:1:\d+; log/);
    expect(screen).not.toContain('BRAVO');
  });
});

describe.skipIf(!hasTmux)('tilebar upgraded on disk while a bar started from the cache runs (real tmux pane)', () => {
  it('keeps the bar and says why when an edit cannot be validated because the validator is gone', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tilebar-upgrade-'));
    // A copy of the built command whose chunks can be removed, as an upgrade replaces them.
    const pkg = join(dir, 'tilebar');
    const app = join(pkg, 'dist', 'bundle');
    await cp(join(process.cwd(), 'dist', 'bundle'), app, { recursive: true });
    for (const f of ['package.json', 'config.example.json']) await cp(join(process.cwd(), f), join(pkg, f));
    const meta = JSON.parse(await readFile(join(process.cwd(), 'dist', 'bundle-meta.json'), 'utf8')) as { outputs: Record<string, { inputs: Record<string, unknown> }> };
    const validatorChunk = Object.keys(meta.outputs).find((k) => /\.m?js$/.test(k) && 'src/config/load.ts' in (meta.outputs[k]?.inputs ?? {}));
    expect(validatorChunk).toBeDefined();

    const file = join(dir, 'bar.json');
    const logFile = join(dir, 'tilebar.log');
    const command = `${[process.execPath, ...NODE_LAUNCH_FLAGS, join(app, 'main.js')].map(shellQuote).join(' ')} run --config ${shellQuote(file)} --log ${shellQuote(logFile)}`;
    const env = { XDG_CACHE_HOME: join(dir, 'cache') };
    await saveConfig(file, config('ALPHA'));
    pane = openPane(command, { width: 100, height: 1, env });
    await pane.waitFor('ALPHA');
    pane.sendKeys('q');
    await pane.waitFor(() => pane?.currentCommand() === 'sleep');
    pane.close();

    pane = openPane(command, { width: 100, height: 1, env });
    await pane.waitFor('ALPHA');
    // The start is logged once the bar is set up, which follows its first frame.
    await pane.waitFor(() => readFileSync(logFile, 'utf8').split('\n').filter((l) => l.includes(' running ')).length === 2);
    expect(await readFile(logFile, 'utf8')).toContain('from the cache');
    await rm(join(app, (validatorChunk ?? '').replace(/^dist\/bundle\//, '')));

    await saveConfig(file, config('BRAVO'));
    const screen = await pane.waitFor('config not reloaded');
    expect(screen).toContain('ALPHA');
    expect(await readFile(logFile, 'utf8')).toMatch(/not reloaded: the validator could not be loaded .*Restart the bar/);
    // Still running: it quits on q as usual, and logs that it stopped (a crashed bar would not).
    pane.sendKeys('q');
    await pane.waitFor(() => pane?.currentCommand() === 'sleep');
    expect((await readFile(logFile, 'utf8')).split('\n').filter((l) => l.includes('stopped after'))).toHaveLength(2);
  });
});
