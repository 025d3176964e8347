/**
 * The trust rule (src/io/trust.ts) for files that steer the bar unnamed: a discovered config, a code cache, a
 * cache of models, the feeds' directory note. Chown, other users and their attacks need root: as root the suite
 * makes files of a made-up user (uid 4242) and of `nobody`, and asks whether 4242 may trust them; the property
 * test then lets `nobody` (through setpriv) try to change what every accepted path reads.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, lchownSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readTextFile } from '../../src/io/read-text-file.js';
import { directoryRefusal, makeTrustedDir, trustRefusal, type TrustedUser } from '../../src/io/trust.js';
import { fileLog } from '../../src/io/log.js';
import { UNPRIVILEGED } from '../tty/tmux.js';
import { childEnv } from '../support/child-env.js';

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

/**
 * A shared place (root's, sticky: XDG_STATE_HOME or XDG_CACHE_HOME set to a team directory) in which nobody made
 * `tilebar` a link to a directory of root's alone.
 */
function linkedSharedPlace(h: string): { rootOnly: string; link: string } {
  const shared = join(h, 'shared');
  mkdirSync(shared);
  chmodSync(shared, 0o1777);
  const rootOnly = dir(join(h, 'root-only'), 0, 0o700);
  const link = join(shared, 'tilebar');
  symlinkSync(rootOnly, link);
  lchownSync(link, NOBODY, NOBODY);
  return { rootOnly, link };
}

describe.skipIf(!asRoot)('the trust rule', () => {
  // The hostile tester's way round a mode-only rule: a default ACL naming nobody in a shared directory, which
  // the user's files inherit; the group bits then show the ACL's mask. Set with Python's os.setxattr (the
  // system.posix_acl_* format: version 2, then tag, permissions and id per entry).
  it.skipIf(!existsSync('/usr/bin/python3'))('refuses a directory an ACL lets another user write, as nobody proves by writing there', () => {
    const h = home();
    const team = dir(join(h, 'team'), USER.uid, 0o755);
    const acl = [[1, 7, 0xffffffff], [2, 7, NOBODY], [4, 5, 0xffffffff], [0x10, 7, 0xffffffff], [0x20, 5, 0xffffffff]];
    const py = `import os, struct\nos.setxattr(${JSON.stringify(team)}, 'system.posix_acl_access', struct.pack('<I', 2) + b''.join(struct.pack('<HHI', t, p, i) for t, p, i in ${JSON.stringify(acl)}))`;
    const set = spawnSync('/usr/bin/python3', ['-c', py], { encoding: 'utf8', env: childEnv() });
    if (set.status !== 0) return; // no ACLs on this file system: nothing to prove here
    const mine = file(join(team, 'bar.json'), USER.uid);
    const wrote = spawnSync('/usr/bin/setpriv', [`--reuid=${NOBODY}`, `--regid=${UNPRIVILEGED.gid}`, '--clear-groups', '/bin/sh', '-c', `mv '${mine}' '${mine}.x' && echo moved`], { encoding: 'utf8', env: childEnv() });
    expect(wrote.stdout).toBe('moved\n');
    expect(trustRefusal(`${mine}.x`, USER)).toBe(`its group (gid ${USER.gid}) can write to ${team} (mode 775, and a primary group or an ACL may include others)`);
  });

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
    // Even the user's own primary group: it may have other members (`users`), and with an ACL the group bits are
    // the mask of named users' entries.
    const ownGroup = dir(join(h, 'own-group'), USER.uid, 0o775);
    expect(trustRefusal(file(join(ownGroup, 'bar.json'), USER.uid), USER)).toBe(`its group (gid ${USER.gid}) can write to ${ownGroup} (mode 775, and a primary group or an ACL may include others)`);
    expect(trustRefusal(file(join(h, 'wide.json'), USER.uid, 0o666), USER)).toBe(`everyone can write to ${h}/wide.json (mode 666)`);
  });

  it("refuses a file of root's hard-linked into a sticky directory (anyone could have linked it there)", () => {
    const h = home();
    const sticky = join(h, 'sticky');
    mkdirSync(sticky);
    chmodSync(sticky, 0o1777);
    const roots = file(join(dir(join(h, 'store'), 0), 'bar.json'), 0);
    linkSync(roots, join(sticky, 'bar.json'));
    expect(trustRefusal(join(sticky, 'bar.json'), USER)).toBe(`${sticky}/bar.json is a hard link of a file of root's in a directory others can add to`);
    // The same file where it was made, and a lone file of root's in the sticky directory: root put them there.
    expect(trustRefusal(roots, USER)).toBeUndefined();
    expect(trustRefusal(file(join(sticky, 'alone.json'), 0), USER)).toBeUndefined();
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

  it('makes a directory for its own files only on a way nobody else controls, never through their link', () => {
    const { rootOnly, link } = linkedSharedPlace(home());
    expect(makeTrustedDir(join(link, 'models'), USER, true)).toBe(`${link} belongs to another user (uid ${NOBODY})`);
    expect(readdirSync(rootOnly)).toEqual([]);
    // The user's own (this process's: the directories it makes are its own), made where nothing is yet: one
    // directory at a time, private, and accepted.
    const mine = mkdtempSync(join(tmpdir(), 'tb-trust-own-'));
    const me = { uid: 0, gid: 0 };
    expect(makeTrustedDir(join(mine, 'cache', 'tilebar', 'code'), me, true)).toBeUndefined();
    expect(statSync(join(mine, 'cache', 'tilebar', 'code')).mode & 0o777).toBe(0o700);
    expect(statSync(join(mine, 'cache')).mode & 0o777).toBe(0o700);
  });

  it("writes no log through another user's link or into their file (a shared XDG_STATE_HOME)", () => {
    const h = mkdtempSync(join(tmpdir(), 'tb-trust-log-'));
    chmodSync(h, 0o755);
    const { rootOnly, link } = linkedSharedPlace(h);
    fileLog(join(link, 'tilebar.log'))('the bar started');
    expect(readdirSync(rootOnly)).toEqual([]);
    // Their own directory, open to all, with their file waiting at the log's name.
    const theirs = join(h, 'shared2');
    mkdirSync(theirs, { mode: 0o777 });
    chmodSync(theirs, 0o777);
    const logFile = file(join(theirs, 'tilebar.log'), NOBODY, 0o666, '');
    fileLog(logFile)('the bar started');
    expect(readFileSync(logFile, 'utf8')).toBe('');
    // The user's own place: written.
    const own = join(h, 'state', 'tilebar', 'tilebar.log');
    fileLog(own)('the bar started');
    expect(readFileSync(own, 'utf8')).toContain('the bar started');
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
        const r = spawnSync('/usr/bin/setpriv', [`--reuid=${NOBODY}`, `--regid=${UNPRIVILEGED.gid}`, '--clear-groups', '/bin/sh', '-c', script], { encoding: 'utf8', env: childEnv() });
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
