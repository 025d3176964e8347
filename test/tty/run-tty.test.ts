import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cellBackgrounds, hasTmux, openPane, shellQuote, type Pane } from './tmux.js';
import { saveConfig } from '../support/bar-config.js';
import { tilebarCommand } from '../support/tilebar-command.js';
import { until } from '../wait.js';

const bin = tilebarCommand();
let pane: Pane | undefined;
afterEach(() => pane?.close());

function config(leftText: string): string {
  return `{
  // Catppuccin Mocha, opaque: the bar's background is exactly Base #1e1e2e.
  "theme": { "palette": "Catppuccin", "name": "Mocha" },
  "transparency_alpha": 255,
  "left_widgets": [ { "Date": { "enable": true, "format": { "Custom": "${leftText}" }, "label_prefix": "None" } } ],
  "right_widgets": [ { "Time": { "enable": true, "format": { "Custom": "%H:%M" }, "timezone": "UTC", "label_prefix": "None" } } ],
}
`;
}

const utcMinutes = () => {
  const now = Date.now();
  return [now, now - 60_000].map((t) => new Date(t).toISOString().slice(11, 16));
};

for (const [rows, renderer] of [
  [1, 'ink'],
  [3, 'ink'],
  [1, 'direct'],
  [3, 'direct'],
] as const) {
  describe.skipIf(!hasTmux)(`tilebar run --renderer ${renderer} in a real ${rows}-row tmux pane`, () => {
    it('shows the time in the palette, follows a valid edit, survives an invalid one, quits on q', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'tilebar-run-'));
      const file = join(dir, 'bar.json');
      await saveConfig(file, config('FIRST %Y'));
      pane = openPane(`${bin} run --renderer ${renderer} --config ${shellQuote(file)} --log ${shellQuote(join(dir, 'tilebar.log'))}`, { width: 80, height: rows, env: { COLORTERM: 'truecolor' } });

      const first = await pane.waitFor((s) => s.includes('FIRST') && utcMinutes().some((m) => s.includes(m)));
      const lines = first.replace(/\n$/, '').split('\n');
      expect(lines).toHaveLength(rows);
      // The content sits on the middle row; the bar never scrolls.
      expect(lines[Math.floor((rows - 1) / 2)]).toMatch(/^ FIRST 20\d\d +\d\d:\d\d *$/);
      expect(pane.capture(true)).toContain('\x1b[48;2;30;30;46m');
      // Every cell of the content row, the last column included, has the bar's background.
      const backgrounds = cellBackgrounds(pane.capture(true))[Math.floor((rows - 1) / 2)] ?? [];
      expect(backgrounds).toHaveLength(80);
      expect(new Set(backgrounds)).toEqual(new Set(['30;30;46']));
      expect(pane.capture(true)).toContain('38;2;205;214;244m'); // Text #cdd6f4

      await saveConfig(file, config('EDITED %Y'));
      await pane.waitFor('EDITED');

      await saveConfig(file, config('BROKEN %Y').replace('"left_widgets"', '"left_widgets" oops'));
      const broken = await pane.waitFor('config error');
      expect(broken).toContain('EDITED');
      expect(broken).not.toContain('BROKEN');
      expect(await readFile(join(dir, 'tilebar.log'), 'utf8')).toMatch(/bar\.json:\d+:\d+: error: syntax error/);

      await saveConfig(file, config('AGAIN %Y'));
      const again = await pane.waitFor('AGAIN');
      expect(again).not.toContain('config error');

      pane.sendKeys('q');
      await pane.waitFor(() => pane?.currentCommand() === 'sleep');
    });
  });
}

describe.skipIf(!hasTmux)('tilebar run under a Node without WebAssembly (--jitless), in a real tmux pane', () => {
  it("draws through the direct renderer when Ink's Yoga cannot load, and its log names the renderer that draws", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tilebar-run-'));
    const file = join(dir, 'bar.json');
    const log = join(dir, 'tilebar.log');
    await saveConfig(file, config('JITLESS %Y'));
    // A hardened Node (no executable memory) has no WebAssembly, and Ink's layout engine is WebAssembly.
    const command = `${shellQuote(process.execPath)} --jitless ${bin.slice(bin.indexOf(' ') + 1)} run --config ${shellQuote(file)} --log ${shellQuote(log)}`;
    pane = openPane(command, { width: 80, height: 1, env: { COLORTERM: 'truecolor' } });
    await pane.waitFor((s) => s.includes('JITLESS') && utcMinutes().some((m) => s.includes(m)));
    const running = async () => (await readFile(log, 'utf8')).split('\n').find((l) => / running /.test(l)) ?? '';
    await until(async () => (await running()) !== '', 'the bar to say it runs');
    const text = await readFile(log, 'utf8');
    expect(text).toMatch(/the ink renderer could not start \(WebAssembly is not defined\); drawing directly instead/);
    expect(await running()).toContain('; direct renderer,');
    pane.sendKeys('q');
    await pane.waitFor(() => pane?.currentCommand() === 'sleep');
  });
});
