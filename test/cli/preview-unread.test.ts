/**
 * A preview with some readings given draws only what it has readings for: the widgets it could not draw are
 * named, with the `--set` key that would draw each — on stderr beside a picture or a text frame (never in the
 * frame), and as `missing` in `--format json`. Run as a user runs it: the built command, in a directory of its own.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script (scripts/ is not TypeScript).
import { PICTURE_ARGS } from '../../scripts/picture.mjs';
import { childEnv } from '../support/child-env.js';
import { tilebarArgs } from '../support/tilebar-command.js';

const example = join(process.cwd(), 'config.example.json');
const dir = mkdtempSync(join(tmpdir(), 'tilebar-pv-unread-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// Its own home and cache, so the model cache a preview writes stays in the test's directory.
const env = childEnv({ HOME: dir, XDG_CACHE_HOME: join(dir, 'cache'), TZ: 'UTC' });

const preview = async (...args: string[]) => {
  const r = await promisify(execFile)(process.execPath, tilebarArgs('preview', '--config', example, '--at', '2024-09-08T09:05:03Z', '--icons', 'ascii', ...args), { cwd: dir, env });
  return { out: r.stdout, err: r.stderr };
};

interface Missing {
  widget: string;
  position: string;
  section: string;
  index: number;
  keys: string[];
  hint: string;
}
interface Frame {
  sections: Record<string, Array<{ position: string; kind: string }>>;
  rows: string[];
  missing: Missing[];
}

/** The readings of the README's picture (scripts/picture.mjs), each `--set` with its value. */
const pictureSettings = (PICTURE_ARGS as string[]).flatMap((a, i, all) => (all[i - 1] === '--set' ? ['--set', a] : []));

describe('tilebar preview --set cpu=95 of the example config', () => {
  it('draws the frame on stdout and names, on stderr, each widget it had no reading for and the --set key that draws it', async () => {
    const r = await preview('--set', 'cpu=95', '--format', 'text');
    expect(r.out).toContain('CPU: 95%');
    expect(r.out).not.toContain('not drawn');
    for (const [widget, key] of [
      ['Memory', '--set memory=N'],
      ['Network', '--set network.received='],
      ['Storage', '--set storage.'],
      ['Battery', '--set battery=N'],
      ['Update', '--set update=VERSION'],
      ['Media', '--set media.title='],
      ['Keyboard', '--set keyboard=LAYOUT'],
    ] as const) {
      expect(r.err).toMatch(new RegExp(`${widget}\\b.*${key.replace(/[.]/g, '\\.')}`));
    }
    // What was drawn is not listed.
    expect(r.err).not.toMatch(/\bCpu\b/);
    expect(r.err).not.toMatch(/\bTime\b|\bDate\b/);
  });

  it('lists them in --format json as `missing`, beside the frame it drew, and writes nothing to stderr', async () => {
    const r = await preview('--set', 'cpu=95', '--format', 'json');
    const frame = JSON.parse(r.out) as Frame;
    expect(r.err).toBe('');
    expect(frame.rows.length).toBeGreaterThan(0);
    expect(frame.missing).toContainEqual({ widget: 'Memory', position: 'right[4]', section: 'right', index: 4, keys: ['memory'], hint: 'memory=N' });
    expect(frame.missing.map((m) => m.widget)).toEqual(['Media', 'Update', 'Network', 'Storage', 'Memory', 'Battery', 'Keyboard']);
    expect(frame.missing.find((m) => m.widget === 'Network')?.keys).toContain('network.received');
  });

  it('names them on stderr for a picture too, whose bytes alone go to stdout', async () => {
    const r = await preview('--set', 'cpu=95', '--format', 'svg');
    expect(r.out).toMatch(/^<\?xml[^\n]*\n<svg /);
    expect(r.out).not.toContain('not drawn');
    expect(r.err).toMatch(/Memory\b.*--set memory=N/);
  });
});

describe('the README picture’s readings (scripts/picture.mjs)', () => {
  const all = [...pictureSettings, '--tiler-state', join(process.cwd(), 'docs/example-tiler-state.json')];

  it('draw every widget of the example, none listed as missing', async () => {
    const r = await preview(...all, '--format', 'json');
    const frame = JSON.parse(r.out) as Frame;
    expect(frame.missing).toEqual([]);
    const drawn = Object.values(frame.sections).flatMap((s) => s.map((w) => w.position));
    // config.example.json: two widgets on the left, two in the center, nine on the right, all enabled.
    expect(drawn.sort()).toEqual(['center[0]', 'center[1]', 'left[0]', 'left[1]', ...[...Array(9).keys()].map((i) => `right[${i}]`)].sort());
    const text = await preview(...all, '--format', 'text');
    expect(text.err).toBe('');
  });
});
