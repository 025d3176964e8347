/**
 * The owner check a discovered config is read with (read-text-file.ts `owner`): the user's own file and root's
 * are read (a config linked from a root-owned store, as Nix home-manager makes), another user's is refused with
 * its uid and the hint, through a link too (the descriptor is checked, not the link). Chown needs root.
 */
import { chownSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readTextFile } from '../../src/io/read-text-file.js';

const asRoot = process.getuid?.() === 0;
const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

describe.skipIf(!asRoot)('reading a file that must be the user’s own', () => {
  it("reads the user's and root's, refuses another user's, also behind a link", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tb-owner-'));
    dirs.push(dir);
    const file = (name: string, uid: number) => {
      const path = join(dir, name);
      writeFileSync(path, `{"${name}": 1}`);
      chownSync(path, uid, uid);
      return path;
    };
    const user = 1234;
    const owner = { uid: user, hint: 'HINT' };
    expect(await readTextFile(file('mine', user), { maxBytes: 1000, owner })).toEqual({ ok: true, text: '{"mine": 1}' });
    expect(await readTextFile(file('roots', 0), { maxBytes: 1000, owner })).toEqual({ ok: true, text: '{"roots": 1}' });
    const theirs = file('theirs', 65534);
    const refused = { ok: false, code: 'EFOREIGN', problem: 'it belongs to another user (uid 65534); HINT' };
    expect(await readTextFile(theirs, { maxBytes: 1000, owner })).toEqual(refused);
    const link = join(dir, 'link');
    symlinkSync(theirs, link);
    expect(await readTextFile(link, { maxBytes: 1000, owner })).toEqual(refused);
    expect(await readTextFile(theirs, { maxBytes: 1000 })).toEqual({ ok: true, text: '{"theirs": 1}' });
  });
});
