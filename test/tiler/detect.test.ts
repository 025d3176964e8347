/** Which window manager the Tiler widgets talk to, and why (the log and `check` say it). */
import { describe, expect, it } from 'vitest';
import { detectManager } from '../../src/tiler/detect.js';

const none = () => false;
const base = { platform: 'linux' as NodeJS.Platform, exists: none, komorebiDir: '/run/user/1000/komorebi' };

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
    const nothing = await detectManager({ ...base, env: { DISPLAY: ':0' }, askI3: async () => undefined });
    expect(nothing.manager).toBe('none');
    expect(nothing.why).toBe('no window manager found; looked for SWAYSOCK, I3SOCK, HYPRLAND_INSTANCE_SIGNATURE, a komorebi socket in /run/user/1000/komorebi, i3 on this display');
    // Without a display, i3 is not asked (check never starts a program either).
    let asked = false;
    await detectManager({ ...base, env: {}, askI3: async () => ((asked = true), '/x') });
    expect(asked).toBe(false);
    expect((await detectManager({ ...base, env: { DISPLAY: ':0' }, askI3: async () => Promise.reject(new Error('ENOENT')) })).manager).toBe('none');
  });
});
