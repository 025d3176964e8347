/**
 * The keyboard-layout sources other than X11: their parsers against recorded outputs, and sway's and
 * Hyprland's event-driven drivers against fake peers on real Unix sockets (a fake sway IPC server speaking the
 * i3-ipc framing, a fake pair of Hyprland sockets).
 */
import { mkdtempSync, mkdirSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keyboardSourceFor } from '../../src/keyboard/detect.js';
import { layoutFromGnomeSources, layoutFromHyprlandDevices, layoutFromHyprlandEvent, layoutFromMacDefaults, layoutFromSwayInputs, layoutFromWindowsLine, layoutFromXkbSymbols } from '../../src/keyboard/parse.js';
import { watchKeyboard, type KeyboardSource } from '../../src/keyboard/sources.js';
import type { KeyboardStatus } from '../../src/keyboard/status.js';
import { realTimers } from '../../src/scheduler/timers.js';
import { I3Decoder, encodeI3Message, EVENT_BIT } from '../../src/ipc/i3-ipc.js';
import { eventually } from '../wait.js';

describe('what each source prints, read', () => {
  it('X11 symbols by group', () => {
    expect(layoutFromXkbSymbols('pc+us+de:2+ru:3+inet(evdev)', 0)).toBe('us');
    expect(layoutFromXkbSymbols('pc+us+de:2+ru:3+inet(evdev)', 1)).toBe('de');
    expect(layoutFromXkbSymbols('pc+us+de:2+ru:3+inet(evdev)', 2)).toBe('ru');
    expect(layoutFromXkbSymbols('pc+de(nodeadkeys)+inet(evdev)+group(alt_shift_toggle)', 0)).toBe('de');
    expect(layoutFromXkbSymbols('pc+inet(evdev)', 0)).toBeUndefined();
    expect(layoutFromXkbSymbols('+'.repeat(100_000), 0)).toBeUndefined();
  });
  it('sway inputs and input events', () => {
    const inputs = [{ identifier: '1:1:Power_Button', type: 'switch' }, { identifier: '1:1:AT_Translated_Set_2_keyboard', type: 'keyboard', xkb_layout_names: ['English (US)', 'German'], xkb_active_layout_index: 1, xkb_active_layout_name: 'German' }];
    expect(layoutFromSwayInputs(inputs)).toBe('German');
    expect(layoutFromSwayInputs({ change: 'xkb_layout', input: inputs[1] })).toBe('German');
    expect(layoutFromSwayInputs({ change: 'added', input: { type: 'pointer' } })).toBeUndefined();
    expect(layoutFromSwayInputs('nonsense')).toBeUndefined();
  });
  it('Hyprland events and devices', () => {
    expect(layoutFromHyprlandEvent('at-translated-set-2-keyboard,English (US, intl., with dead keys)')).toBe('English (US, intl., with dead keys)');
    expect(layoutFromHyprlandEvent('my,odd,keyboard,German')).toBe('German');
    expect(layoutFromHyprlandEvent('no comma')).toBeUndefined();
    expect(layoutFromHyprlandDevices({ mice: [], keyboards: [{ name: 'video-bus', active_keymap: 'English (US)', main: false }, { name: 'at-translated', active_keymap: 'German', main: true }] })).toBe('German');
    expect(layoutFromHyprlandDevices({ keyboards: 'x' })).toBeUndefined();
  });
  it('GNOME, macOS defaults and the Windows helper', () => {
    expect(layoutFromGnomeSources("[('xkb', 'de+nodeadkeys'), ('xkb', 'us')]")).toBe('de');
    expect(layoutFromGnomeSources("mru-sources: [('ibus', 'mozc-jp'), ('xkb', 'us')]")).toBe('mozc-jp');
    expect(layoutFromGnomeSources('@a(ss) []')).toBeUndefined();
    expect(layoutFromMacDefaults('(\n        {\n        InputSourceKind = "Keyboard Layout";\n        "KeyboardLayout ID" = 0;\n        "KeyboardLayout Name" = "U.S.";\n    }\n)\n')).toBe('U.S.');
    expect(layoutFromMacDefaults('(\n        {\n        "Bundle ID" = "com.apple.inputmethod.SCIM";\n        "Input Mode" = "com.apple.inputmethod.SCIM.ITABC";\n        InputSourceKind = "Input Mode";\n    }\n)\n')).toBe('ITABC');
    expect(layoutFromWindowsLine('en-US\r')).toBe('en-US');
    expect(layoutFromWindowsLine('Error')).toBeUndefined();
    expect(layoutFromWindowsLine('\x1b]0;x\x07')).toBeUndefined();
  });
  it('picks the driver by session', () => {
    const none = () => false;
    expect(keyboardSourceFor('linux', { SWAYSOCK: '/s', DISPLAY: ':0' }, none, none).driver).toBe('sway');
    expect(keyboardSourceFor('linux', { HYPRLAND_INSTANCE_SIGNATURE: 'x', DISPLAY: ':0' }, none, none).driver).toBe('hyprland');
    expect(keyboardSourceFor('linux', { XDG_CURRENT_DESKTOP: 'ubuntu:GNOME', DISPLAY: ':0' }, () => true, none).driver).toBe('gnome');
    expect(keyboardSourceFor('linux', { DISPLAY: ':0' }, none, none).driver).toBe('x11');
    expect(keyboardSourceFor('linux', {}, none, (p) => p === '/etc/default/keyboard')).toEqual({ driver: 'system', why: 'the system keyboard layout (/etc/default/keyboard), polled' });
    expect(keyboardSourceFor('linux', {}, none, none)).toMatchObject({ problem: expect.stringContaining('no keyboard layout source') });
    expect(keyboardSourceFor('win32', {}, none, none).driver).toBe('windows');
    expect(keyboardSourceFor('darwin', {}, none, none).driver).toBe('macos');
  });

  it('takes the system layout where any of its files exists, whether or not localectl is installed or systemd runs', () => {
    for (const file of ['/etc/default/keyboard', '/etc/X11/xorg.conf.d/00-keyboard.conf', '/etc/vconsole.conf']) {
      expect(keyboardSourceFor('linux', {}, () => false, (p) => p === file)).toMatchObject({ driver: 'system', why: `the system keyboard layout (${file}), polled` });
    }
    // localectl installed (and systemd running) but none of the files: localectl would show nothing either.
    const r = keyboardSourceFor('linux', {}, (n) => n === 'localectl', (p) => p === '/run/systemd/system');
    expect(r).toMatchObject({ problem: expect.stringContaining('and no system keyboard layout (/etc/default/keyboard, /etc/X11/xorg.conf.d/00-keyboard.conf, /etc/vconsole.conf); the widget is hidden') });
  });
});

let server: Server | undefined;
let source: KeyboardSource | undefined;
afterEach(() => {
  source?.close();
  server?.close();
});

describe('sway over a fake IPC socket', () => {
  it('reads the layout, follows input events, and frames non-ASCII names by bytes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tb-sway-'));
    const path = join(dir, 'sway-ipc.sock');
    const requests: Array<[number, string]> = [];
    let peer: Socket | undefined;
    server = createServer((s) => {
      peer = s;
      const decoder = new I3Decoder();
      s.on('data', (chunk: Buffer) => {
        for (const m of decoder.push(chunk)) {
          requests.push([m.type, m.payload]);
          if (m.type === 2) s.write(encodeI3Message(2, '{"success":true}'));
          if (m.type === 100) s.write(encodeI3Message(100, JSON.stringify([{ type: 'keyboard', xkb_active_layout_name: 'English (US)' }])));
        }
      });
    }).listen(path);
    const statuses: KeyboardStatus[] = [];
    source = watchKeyboard((s) => statuses.push(s), { driver: 'sway', env: { SWAYSOCK: path }, timers: realTimers, log: () => undefined, refreshMs: 10_000 });
    await eventually(() => expect(statuses.at(-1)).toEqual({ layout: 'English (US)' }));
    expect(requests).toEqual([[2, '["input"]'], [100, '']]);
    // An input event, split across two writes, with a name outside ASCII.
    const event = encodeI3Message((EVENT_BIT | 21) >>> 0, JSON.stringify({ change: 'xkb_layout', input: { type: 'keyboard', xkb_active_layout_name: 'Русская' } }));
    peer?.write(event.subarray(0, 20));
    setTimeout(() => peer?.write(event.subarray(20)), 50);
    await eventually(() => expect(statuses.at(-1)).toEqual({ layout: 'Русская' }));
    // A peer that breaks the protocol after it answered: Error, said once; the source tries again.
    peer?.write(Buffer.from('garbage that is not i3-ipc'));
    await eventually(() => expect(statuses.at(-1)?.error).toContain('bad magic'));
  });
});

describe('Hyprland over fake sockets', () => {
  it('reads the main keyboard from j/devices and follows activelayout events', async () => {
    const runtime = mkdtempSync(join(tmpdir(), 'tb-hypr-'));
    const dir = join(runtime, 'hypr', 'sig');
    mkdirSync(dir, { recursive: true });
    const peers: Socket[] = [];
    const events = createServer((s) => peers.push(s)).listen(join(dir, '.socket2.sock'));
    const requests: string[] = [];
    server = createServer((s) => {
      s.on('data', (d) => {
        requests.push(d.toString());
        s.end(JSON.stringify({ keyboards: [{ name: 'kb', active_keymap: 'German', main: true }] }));
      });
    }).listen(join(dir, '.socket.sock'));
    const statuses: KeyboardStatus[] = [];
    source = watchKeyboard((s) => statuses.push(s), { driver: 'hyprland', env: { HYPRLAND_INSTANCE_SIGNATURE: 'sig', XDG_RUNTIME_DIR: runtime }, timers: realTimers, log: () => undefined, refreshMs: 10_000 });
    await eventually(() => expect(statuses.at(-1)).toEqual({ layout: 'German' }));
    expect(requests).toEqual(['j/devices']);
    peers[0]?.write('workspace>>2\nactivelayout>>kb,English (US, intl., with dead keys)\n');
    await eventually(() => expect(statuses.at(-1)).toEqual({ layout: 'English (US, intl., with dead keys)' }));
    events.close();
  });
});
