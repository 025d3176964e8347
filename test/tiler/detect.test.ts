/** Which window manager the Tiler widgets talk to, and why (the log and `check` say it). */
import { describe, expect, it } from 'vitest';
import { detectManager } from '../../src/tiler/detect.js';
import { BUILTIN_MANAGERS, type DetectInput } from '../../src/tiler/managers.js';

const none = () => false;
const base = { platform: 'linux' as NodeJS.Platform, exists: none, komorebiDir: '/run/user/1000/komorebi' };

/**
 * Where the managers' list says detection looks with this input, in the order it tries: read from each entry's
 * steps here rather than spelled out, so that a manager added to the list breaks no test of this file.
 */
function placesLooked(input: DetectInput): string[] {
  const steps = BUILTIN_MANAGERS.flatMap((m) => m.detection).sort((a, b) => a.order - b.order);
  return steps.flatMap((s) => s.looked?.(input) ?? []);
}

describe('window manager detection', () => {
  it('--tiler wins; then the session variables; then a komorebi socket; then the platform', async () => {
    expect(await detectManager({ ...base, flag: 'hyprland', env: { SWAYSOCK: '/x' } })).toEqual({ manager: 'hyprland', why: '--tiler hyprland' });
    expect(await detectManager({ ...base, flag: 'none', env: { SWAYSOCK: '/x' } })).toEqual({ manager: 'none', why: '--tiler none' });
    expect((await detectManager({ ...base, env: { SWAYSOCK: '/x', I3SOCK: '/y' } })).manager).toBe('sway');
    expect((await detectManager({ ...base, env: { I3SOCK: '/y', HYPRLAND_INSTANCE_SIGNATURE: 's' } })).manager).toBe('i3');
    expect(await detectManager({ ...base, env: { HYPRLAND_INSTANCE_SIGNATURE: 's' } })).toEqual({ manager: 'hyprland', why: 'HYPRLAND_INSTANCE_SIGNATURE is set' });
    expect((await detectManager({ ...base, env: {}, exists: (p) => p === '/run/user/1000/komorebi/komorebi.sock' })).manager).toBe('komorebi');
    expect((await detectManager({ ...base, env: {}, komorebiDirGiven: true })).why).toBe('--tiler-socket-dir is given');
    expect((await detectManager({ ...base, platform: 'win32', env: {} })).manager).toBe('komorebi');
    expect((await detectManager({ ...base, platform: 'darwin', env: {} })).manager).toBe('komorebi');
  });

  it('on an X11 display i3 is asked for its socket; with nothing found the answer is none, saying where it looked', async () => {
    expect(await detectManager({ ...base, env: { DISPLAY: ':0' }, askI3: async () => '/run/user/1000/i3/ipc-socket.1' })).toEqual({ manager: 'i3', why: 'i3 --get-socketpath answered /run/user/1000/i3/ipc-socket.1' });
    const onX11 = { ...base, env: { DISPLAY: ':0' }, askI3: async () => undefined };
    const nothing = await detectManager(onX11);
    expect(nothing.manager).toBe('none');
    // Every place the list names, in its order; among them komorebi's directory and i3 asked on this display.
    const places = placesLooked(onX11);
    expect(places).toEqual(expect.arrayContaining(['SWAYSOCK', 'I3SOCK', 'a komorebi socket in /run/user/1000/komorebi', 'i3 on this display']));
    expect(nothing.why).toBe(`no window manager found; looked for ${places.join(', ')}`);
    // Without a display i3 is not asked, and the message does not say it was.
    expect((await detectManager({ ...base, env: {}, askI3: async () => undefined })).why).toBe(`no window manager found; looked for ${placesLooked({ ...base, env: {} }).join(', ')}`);
    expect(placesLooked({ ...base, env: {} })).not.toContain('i3 on this display');
    // Without a display, i3 is not asked (check never starts a program either).
    let asked = false;
    await detectManager({ ...base, env: {}, askI3: async () => ((asked = true), '/x') });
    expect(asked).toBe(false);
    expect((await detectManager({ ...base, env: { DISPLAY: ':0' }, askI3: async () => Promise.reject(new Error('ENOENT')) })).manager).toBe('none');
  });
});
