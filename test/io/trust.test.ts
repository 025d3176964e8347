/**
 * The trust rule (src/io/trust.ts) for files that steer the bar unnamed: a discovered config, a code cache, a
 * cache of models, the feeds' directory note. Chown, other users and their attacks need root: as root the suite
 * makes files of a made-up user (uid 4242) and of `nobody`, and asks whether 4242 may trust them; the property
 * test then lets `nobody` (through setpriv) try to change what every accepted path reads.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, lchownSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readTextFile } from '../../src/io/read-text-file.js';
import { directoryRefusal, trustRefusal, type TrustedUser } from '../../src/io/trust.js';
import { UNPRIVILEGED } from '../tty/tmux.js';

const asRoot = process.getuid?.() === 0;
const USER: TrustedUser = { uid: 4242, gid: 4242 };
const NOBODY = UNPRIVILEGED.uid;

/** A directory of the user's, reachable by everyone (so that nobody's attempts are about the rule, not about reaching it). */
function home(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tb-trust-'));
  chmodSync(dir, 0o755);
  chownSync(dir, USER.uid, USER.gid);
  return dir;
}

function file(path: string, uid: number, mode = 0o644, text = '{}'): string {
  writeFileSync(path, text);
  chmodSync(path, mode);
  chownSync(path, uid, uid);
  return path;
}

function dir(path: string, uid: number, mode = 0o755, gid = uid): string {
  mkdirSync(path);
  chmodSync(path, mode);
  chownSync(path, uid, gid);
  return path;
}

describe.skipIf(!asRoot)('the trust rule', () => {
  it("accepts the user's file in the user's directories, root's file, and a link of the user's to either", () => {
    const h = home();
    const mine = file(join(dir(join(h, 'cfg'), USER.uid), 'bar.json'), USER.uid);
    expect(trustRefusal(mine, USER)).toBeUndefined();
    const roots = file(join(dir(join(h, 'store'), 0), 'bar.json'), 0);
    expect(trustRefusal(roots, USER)).toBeUndefined();
    const link = join(h, 'cfg', 'linked.json');
    symlinkSync(roots, link);
    lchownSync(link, USER.uid, USER.gid);
    expect(trustRefusal(link, USER)).toBeUndefined();
    // A group-writable directory of the user's own primary group (umask 002 with user private groups).
    const shared = file(join(dir(join(h, 'grp'), USER.uid, 0o775), 'bar.json'), USER.uid);
    expect(trustRefusal(shared, USER)).toBeUndefined();
    // Nothing there is no refusal: the place is empty.
    expect(trustRefusal(join(h, 'cfg', 'none.json'), USER)).toBeUndefined();
  });

  it("refuses another user's file, link or directory on the way, and a directory others can write", () => {
    const h = home();
    expect(trustRefusal(file(join(h, 'theirs.json'), NOBODY), USER)).toBe(`${h}/theirs.json belongs to another user (uid ${NOBODY})`);
    const theirDir = dir(join(h, 'their-dir'), NOBODY);
    const mineInTheirs = file(join(theirDir, 'bar.json'), USER.uid);
    expect(trustRefusal(mineInTheirs, USER)).toBe(`${theirDir} belongs to another user (uid ${NOBODY})`);
    // Their link to a file of root's: the rule used to read any root-owned file another user pointed at.
    const roots = file(join(dir(join(h, 'store'), 0), 'bar.json'), 0);
    const theirLink = join(h, 'their-link.json');
    symlinkSync(roots, theirLink);
    lchownSync(theirLink, NOBODY, NOBODY);
    expect(trustRefusal(theirLink, USER)).toBe(`${theirLink} belongs to another user (uid ${NOBODY})`);
    const open = dir(join(h, 'open'), USER.uid, 0o777);
    expect(trustRefusal(file(join(open, 'bar.json'), USER.uid), USER)).toBe(`everyone can write to ${open} (mode 777)`);
    const group = dir(join(h, 'group'), USER.uid, 0o775, 100);
    expect(trustRefusal(file(join(group, 'bar.json'), USER.uid), USER)).toBe(`its group (gid 100) can write to ${group} (mode 775)`);
    expect(trustRefusal(file(join(h, 'wide.json'), USER.uid, 0o666), USER)).toBe(`everyone can write to ${h}/wide.json (mode 666)`);
  });

  it("refuses root's files on a kernel file system: a process's /proc/<pid>/cmdline, whoever links to it", () => {
    const h = home();
    const link = join(h, 'bar.json');
    symlinkSync(`/proc/${process.pid}/cmdline`, link);
    lchownSync(link, USER.uid, USER.gid);
    expect(trustRefusal(link, USER)).toBe(`/proc/${process.pid}/cmdline is on a kernel file system, where a file's owner does not say who wrote it`);
    // The bar's own user too (root's feed): a file of its uid is still not trusted there.
    expect(trustRefusal(`/proc/${process.pid}/cmdline`, { uid: 0, gid: 0 })).toMatch(/kernel file system/);
  });

  it('reads a discovered config through the rule: refused with the reason and the hint, as EFOREIGN', async () => {
    const h = home();
    const theirs = file(join(h, 'theirs.json'), NOBODY, 0o644, '{"theirs": 1}');
    expect(await readTextFile(theirs, { maxBytes: 1000, trust: { user: USER, hint: 'HINT' } })).toEqual({ ok: false, code: 'EFOREIGN', problem: `${theirs} belongs to another user (uid ${NOBODY}); HINT` });
    const mine = file(join(h, 'mine.json'), USER.uid, 0o644, '{"mine": 1}');
    expect(await readTextFile(mine, { maxBytes: 1000, trust: { user: USER, hint: 'HINT' } })).toEqual({ ok: true, text: '{"mine": 1}' });
    expect(await readTextFile(join(h, 'none.json'), { maxBytes: 1000, trust: { user: USER, hint: 'HINT' } })).toMatchObject({ ok: false, code: 'ENOENT' });
  });

  it('holds a cache directory to the rule: the user’s own, made private, on a way nobody else controls', () => {
    const h = home();
    expect(directoryRefusal(dir(join(h, 'cache'), USER.uid, 0o700), USER)).toBeUndefined();
    expect(directoryRefusal(join(h, 'later'), USER)).toEqual({ why: `${h}/later does not exist`, absent: true });
    const planted = dir(join(h, 'planted'), NOBODY, 0o755);
    expect(directoryRefusal(planted, USER)).toEqual({ why: `${planted} belongs to another user (uid ${NOBODY})` });
    const roots = dir(join(h, 'roots'), 0, 0o755);
    expect(directoryRefusal(roots, USER)).toEqual({ why: `${roots} is not yours (uid 0)` });
  });

  /**
   * Safety, as an attacker would test it: for random ways to a file (each step a directory or a link, each of the
   * user's, root's or nobody's, with random write bits, group and sticky bit), whenever the rule accepts the
   * path, `nobody` cannot change what it reads — cannot write the file, and cannot rename, remove or replace any
   * entry on the way (tried for real through setpriv, then undone).
   */
  it('never accepts a way that nobody can change (property, tried as nobody)', () => {
    const owner = fc.constantFrom(USER.uid, 0, NOBODY);
    const step = fc.record({
      link: fc.boolean(),
      owner,
      mode: fc.constantFrom(0o755, 0o775, 0o777, 0o1777, 0o700, 0o711),
      group: fc.constantFrom(USER.gid, UNPRIVILEGED.gid, 0),
    });
    const leaf = fc.record({ owner, mode: fc.constantFrom(0o644, 0o664, 0o666, 0o600) });
    let accepted = 0;
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 4 }), leaf, (steps, end) => {
        const h = home();
        // Real directories live under `real/`, reached through the steps; a link step points at the next one.
        let at = h;
        const entries: string[] = [];
        steps.forEach((s, i) => {
          const name = join(at, `d${i}`);
          if (s.link) {
            const target = join(h, `t${i}`);
            mkdirSync(target);
            chmodSync(target, s.mode);
            chownSync(target, s.owner, s.group);
            symlinkSync(target, name);
            lchownSync(name, s.owner, s.group);
            entries.push(name, target);
          } else {
            mkdirSync(name);
            chmodSync(name, s.mode);
            chownSync(name, s.owner, s.group);
            entries.push(name);
          }
          at = name;
        });
        const path = join(at, 'bar.json');
        writeFileSync(path, '{}');
        chmodSync(path, end.mode);
        chownSync(path, end.owner, end.owner);
        entries.push(path);
        if (trustRefusal(path, USER) !== undefined) return;
        accepted++;
        // First nobody makes every entry of theirs writable (an owner may always chmod); then tries to open the
        // file for writing, and to move each entry away and back (a rename is what a replacement needs). Any
        // success is a way in.
        const script = [...entries.map((e) => `chmod u+w '${e}' 2>/dev/null`), `true 2>/dev/null >> '${path}' && echo "wrote ${path}"`, ...entries.map((e) => `mv '${e}' '${e}.x' 2>/dev/null && mv '${e}.x' '${e}' && echo "moved ${e}"`)].join('\n');
        const r = spawnSync('/usr/bin/setpriv', [`--reuid=${NOBODY}`, `--regid=${UNPRIVILEGED.gid}`, '--clear-groups', '/bin/sh', '-c', script], { encoding: 'utf8', env: { PATH: '/usr/bin:/bin' } });
        // Every attempt ran (a failed redirection of a special built-in would have ended the shell early).
        expect(r.stderr, r.stderr).toBe('');
        expect(r.stdout, `steps ${JSON.stringify(steps)}, file ${JSON.stringify(end)}`).toBe('');
      }),
      { numRuns: 150, seed: 40 },
    );
    // The property says something only if the rule accepted ways at all.
    expect(accepted).toBeGreaterThan(10);
  });
});
