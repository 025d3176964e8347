/**
 * A preview format defined in this test alone — `csv`, one line per placed unit — passed to the command line as
 * a list value, as test/widgets/extra-kind.test.tsx passes a widget kind: seen in `preview --help` and its
 * `--format` choices, and written end to end by `tilebar preview`, with no file outside this one knowing it
 * (issue 34).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { lazyCommands } from '../../src/cli/commands.js';
import { runCli } from '../../src/cli/program.js';
import { BUILTIN_FORMATS, type PreviewFormat } from '../../src/render/formats.js';

let written = 0;
const csv: PreviewFormat = {
  name: 'csv',
  help: 'csv (one line per unit: section, kind, text)',
  contentType: 'text/csv',
  binary: false,
  notes: true,
  async write(frame) {
    written++;
    return frame.layout.placed.map((u) => `${u.section},${u.kind},${JSON.stringify(u.text)}\n`).join('');
  },
};

async function cli(argv: string[]) {
  let out = '';
  let err = '';
  const io: CliIo = { out: (t) => void (out += t), err: (t) => void (err += t), env: { HOME: '/nonexistent-home' }, cwd: process.cwd(), isTTY: false, platform: 'linux' };
  const code = await runCli(argv, io, lazyCommands, { formats: [...BUILTIN_FORMATS, csv] });
  return { code, out, err };
}

const PREVIEW = ['preview', '--config', join(process.cwd(), 'config.example.json'), '--width', '160', '--at', '2024-09-08T09:05:03Z', '--set', 'cpu=95'];

describe('a preview format defined in a test alone', () => {
  it('is among the --format choices and in the help, beside the built-in formats', async () => {
    const help = (await cli(['preview', '--help'])).out.replace(/\s+/g, ' ');
    expect(help).toMatch(/csv \(one line per unit: section, kind, text\)/);
    expect(help).toMatch(/choices: "text", "ansi", "json", "svg", "png", "csv"/);
    const wrong = await cli([...PREVIEW, '--format', 'bmp']);
    expect(wrong.code).not.toBe(0);
    expect(wrong.err).toMatch(/Allowed choices are text, ansi, json, svg, png, csv/);
  });

  it('writes the frame end to end in `tilebar preview --format csv`', async () => {
    written = 0;
    const r = await cli([...PREVIEW, '--format', 'csv']);
    // Beside the frame, as for the built-in formats: the widgets the one --set reading does not draw.
    expect(r.err).toMatch(/^tilebar: \d+ widgets not drawn/);
    expect(r.code).toBe(0);
    expect(written).toBe(1);
    expect(r.out).toMatch(/^right,Cpu,".*95%"$/m);
  });

  it('is not a choice where the list is not given', async () => {
    let err = '';
    const io: CliIo = { out: () => undefined, err: (t) => void (err += t), env: { HOME: '/nonexistent-home' }, cwd: process.cwd(), isTTY: false, platform: 'linux' };
    expect(await runCli([...PREVIEW, '--format', 'csv'], io, lazyCommands)).not.toBe(0);
    expect(err).toMatch(/argument 'csv' is invalid/);
  });
});
