/**
 * The Keyboard widget's Linux fallback (no sway, Hyprland, GNOME or X11: a console, a tmux on a server): the
 * system keyboard layout, read from the files systemd-localed itself reads, with no process started per poll
 * (the standards: a running bar starts no process per poll on any platform). Every process the source could
 * start goes through node:child_process, which is counted here.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReadOutcome } from '../../src/io/read-text-file.js';
import { layoutFromSystemFiles } from '../../src/keyboard/parse.js';
import { MAX_LAYOUT_NAME, type KeyboardStatus } from '../../src/keyboard/status.js';
import { realTimers } from '../../src/scheduler/timers.js';
import { eventually } from '../wait.js';

/** Each process started through node:child_process, by file name. */
const started: string[] = [];
vi.mock('node:child_process', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:child_process')>();
  return {
    ...real,
    execFile: (...args: Parameters<typeof real.execFile>) => {
      started.push(String(args[0]));
      return real.execFile(...args);
    },
    spawn: (...args: Parameters<typeof real.spawn>) => {
      started.push(String(args[0]));
      return real.spawn(...args);
    },
  };
});

const { watchKeyboard } = await import('../../src/keyboard/sources.js');
type Source = ReturnType<typeof watchKeyboard>;

/** /etc/default/keyboard as debconf (keyboard-configuration) writes it. */
export const DEBIAN_DEFAULT_KEYBOARD = `# KEYBOARD CONFIGURATION FILE

# Consult the keyboard(5) manual page.

XKBMODEL="pc105"
XKBLAYOUT="de,us"
XKBVARIANT="nodeadkeys,"
XKBOPTIONS="grp:alt_shift_toggle"

BACKSPACE="guess"
`;

/** /etc/X11/xorg.conf.d/00-keyboard.conf as systemd-localed writes it (localectl set-x11-keymap us,de pc105). */
export const LOCALED_XORG_KEYBOARD = `# Written by systemd-localed(8), read by systemd-localed and Xorg. It's
# probably wise not to edit this file manually. Use localectl(1) to
# instruct systemd-localed to update it.
Section "InputClass"
        Identifier "system-keyboard"
        MatchIsKeyboard "on"
        Option "XkbLayout" "us,de"
        Option "XkbModel" "pc105"
EndSection
`;

/** /etc/vconsole.conf (localectl set-keymap de-latin1). */
export const VCONSOLE = 'KEYMAP=de-latin1\nFONT=eurlatgr\n';

describe('the system keyboard files, read as localectl shows them', () => {
  it('takes the X11 layout first (the first of a list), else the console keymap', () => {
    expect(layoutFromSystemFiles({ defaultKeyboard: DEBIAN_DEFAULT_KEYBOARD })).toBe('de');
    expect(layoutFromSystemFiles({ xorgKeyboard: LOCALED_XORG_KEYBOARD, vconsole: VCONSOLE })).toBe('us');
    expect(layoutFromSystemFiles({ vconsole: VCONSOLE })).toBe('de-latin1');
    expect(layoutFromSystemFiles({})).toBeUndefined();
  });

  it("on Debian, /etc/default/keyboard alone says the X11 layout (its localed reads no 00-keyboard.conf)", () => {
    expect(layoutFromSystemFiles({ defaultKeyboard: DEBIAN_DEFAULT_KEYBOARD, xorgKeyboard: LOCALED_XORG_KEYBOARD })).toBe('de');
    // No XKBLAYOUT: localectl shows `X11 Layout: n/a` and the VC keymap.
    expect(layoutFromSystemFiles({ defaultKeyboard: 'XKBMODEL="pc105"\n', xorgKeyboard: LOCALED_XORG_KEYBOARD, vconsole: VCONSOLE })).toBe('de-latin1');
  });

  it('reads shell quoting as the shell does: quotes, a bare value, a comment, the last assignment, CRLF', () => {
    expect(layoutFromSystemFiles({ defaultKeyboard: "XKBLAYOUT='fr'\n" })).toBe('fr');
    expect(layoutFromSystemFiles({ defaultKeyboard: 'XKBLAYOUT=gb # UK\r\n' })).toBe('gb');
    expect(layoutFromSystemFiles({ defaultKeyboard: 'XKBLAYOUT="us"\nXKBLAYOUT="ru,us"\n' })).toBe('ru');
    expect(layoutFromSystemFiles({ defaultKeyboard: '# XKBLAYOUT="de"\nXKBLAYOUT=""\n', vconsole: 'KEYMAP="us"\r\n' })).toBe('us');
    expect(layoutFromSystemFiles({ xorgKeyboard: '#    Option "XkbLayout" "de"\n  option "xkblayout" "cz,us"\n' })).toBe('cz');
  });

  it('trusts nothing: a name that is no layout name (escapes, blanks, a path) is no layout', () => {
    expect(layoutFromSystemFiles({ defaultKeyboard: 'XKBLAYOUT="\x1b]0;owned\x07"\n' })).toBeUndefined();
    expect(layoutFromSystemFiles({ vconsole: 'KEYMAP="de latin1"\n' })).toBeUndefined();
    expect(layoutFromSystemFiles({ vconsole: 'KEYMAP=/usr/share/keymaps/x.map\n' })).toBeUndefined();
    expect(layoutFromSystemFiles({ vconsole: `KEYMAP=${'a'.repeat(10_000)}\n` })).toBe('a'.repeat(MAX_LAYOUT_NAME));
  });

  it('any bytes in any of the files: never a throw; a short printable name or nothing', () => {
    const text = fc.oneof(fc.string({ maxLength: 300 }), fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b).toString('utf8')), fc.constant(undefined));
    // Near-misses of real lines, so the property reaches the parsing and not only the line matching.
    const lineish = fc.tuple(fc.constantFrom('XKBLAYOUT=', 'KEYMAP=', 'Option "XkbLayout" "', 'export KEYMAP="'), fc.string({ maxLength: 100 })).map(([a, b]) => a + b);
    fc.assert(
      fc.property(fc.oneof(text, lineish), fc.oneof(text, lineish), fc.oneof(text, lineish), (defaultKeyboard, xorgKeyboard, vconsole) => {
        const layout = layoutFromSystemFiles({ defaultKeyboard, xorgKeyboard, vconsole });
        if (layout === undefined) return;
        expect(layout.length).toBeGreaterThan(0);
        expect(layout.length).toBeLessThanOrEqual(MAX_LAYOUT_NAME);
        expect(layout).toMatch(/^[\x21-\x7e]+$/);
      }),
      { numRuns: 2000 },
    );
  });
});

const ENOENT: ReadOutcome = { ok: false, code: 'ENOENT', problem: 'no such file' };
const files = (present: Record<string, string>) => (path: string): Promise<ReadOutcome> => Promise.resolve(path in present ? { ok: true, text: present[path] as string } : ENOENT);

let source: Source | undefined;
afterEach(() => {
  source?.close();
  source = undefined;
  started.length = 0;
});

const DRIVER = 'system';

function watch(readFile: (path: string) => Promise<ReadOutcome>, env: Record<string, string> = { PATH: '' }) {
  const statuses: KeyboardStatus[] = [];
  const log = vi.fn<(m: string) => void>();
  source = watchKeyboard((s) => statuses.push(s), { driver: DRIVER, env, timers: realTimers, log, refreshMs: 60_000, readFile });
  return { statuses, log };
}

describe('the system keyboard layout on a console, without localectl', () => {
  it("shows Debian's layout from /etc/default/keyboard with PATH empty, starting no process", async () => {
    const { statuses } = watch(files({ '/etc/default/keyboard': DEBIAN_DEFAULT_KEYBOARD }));
    await eventually(() => expect(statuses.at(-1)).toEqual({ layout: 'de' }));
    expect(started).toEqual([]);
  });

  it("shows the layout localed wrote to 00-keyboard.conf, else the console's keymap", async () => {
    const x11 = watch(files({ '/etc/X11/xorg.conf.d/00-keyboard.conf': LOCALED_XORG_KEYBOARD, '/etc/vconsole.conf': VCONSOLE }));
    await eventually(() => expect(x11.statuses.at(-1)).toEqual({ layout: 'us' }));
    source?.close();
    const vc = watch(files({ '/etc/vconsole.conf': VCONSOLE }));
    await eventually(() => expect(vc.statuses.at(-1)).toEqual({ layout: 'de-latin1' }));
    expect(started).toEqual([]);
  });

  it('reads the real files through the real reader (temp files standing in for /etc)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tb-kb-system-'));
    try {
      await writeFile(join(dir, 'keyboard'), DEBIAN_DEFAULT_KEYBOARD);
      const { readSystemKeyboardFile } = await import('../../src/keyboard/sources.js');
      // The real reader, pointed at the temp directory instead of /etc.
      const { statuses } = watch((path) => readSystemKeyboardFile(path === '/etc/default/keyboard' ? join(dir, 'keyboard') : join(dir, 'absent')));
      await eventually(() => expect(statuses.at(-1)).toEqual({ layout: 'de' }));
      expect(started).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('says once why when no file names a layout, and the widget stays hidden', async () => {
    const { statuses, log } = watch(files({ '/etc/vconsole.conf': 'FONT=eurlatgr\n' }));
    await eventually(() => expect(statuses.at(-1)?.unavailable).toContain('no keyboard layout'));
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.[0]).toBe('keyboard (system): no keyboard layout in /etc/default/keyboard, /etc/X11/xorg.conf.d/00-keyboard.conf, /etc/vconsole.conf; trying again every 5 s');
    expect(started).toEqual([]);
  });

  it('(the count sees a process where a source does start one: macOS polls `defaults read`, by its full path)', async () => {
    const statuses: KeyboardStatus[] = [];
    const bin = await mkdtemp(join(tmpdir(), 'tb-defaults-'));
    await writeFile(join(bin, 'defaults'), '#!/bin/sh\nexit 1\n', { mode: 0o755 });
    source = watchKeyboard((s) => statuses.push(s), { driver: 'macos', env: { HOME: '/nonexistent', PATH: bin }, timers: realTimers, log: () => undefined, refreshMs: 60_000 });
    await eventually(() => expect(statuses.length).toBeGreaterThan(0));
    expect(started).toEqual([join(bin, 'defaults')]);
  });

  it('names a file it could not read when no other file names a layout', async () => {
    const denied: ReadOutcome = { ok: false, code: 'EACCES', problem: 'permission denied' };
    const { statuses } = watch((path) => Promise.resolve(path === '/etc/default/keyboard' ? denied : ENOENT));
    await eventually(() => expect(statuses.at(-1)).toEqual({ unavailable: '/etc/default/keyboard: permission denied' }));
    source?.close();
    const other = watch((path) => Promise.resolve(path === '/etc/default/keyboard' ? denied : path === '/etc/vconsole.conf' ? { ok: true, text: VCONSOLE } : ENOENT));
    await eventually(() => expect(other.statuses.at(-1)).toEqual({ layout: 'de-latin1' }));
  });
});
