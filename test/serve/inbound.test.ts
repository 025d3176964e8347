/** What the core accepts from a front end: every field bounded, nothing that would forge a line of its log. */
import { describe, expect, it } from 'vitest';
import { frontMessageOf } from '../../src/serve/inbound.js';

const attach = (role: unknown, select: unknown) => frontMessageOf({ t: 'attach', role, select, pid: 1 });

describe('a front end’s messages, as the core reads them', () => {
  it('takes an attach of a pane or a named host, with absolute paths', () => {
    expect(attach({ kind: 'feed', host: 'i3bar' }, { config: '/home/me/bar.json', log: '/home/me/tilebar.log', monitor: 1 }).ok).toBe(true);
    expect(attach({ kind: 'pane' }, { config: 'C:\\Users\\me\\komorebi.bar.json' }).ok).toBe(true);
    // A bar komorebi.json lists for the monitor, which the core's bar follows; `listed` is only ever true.
    expect(attach({ kind: 'pane' }, { config: '/home/me/bar1.json', monitor: 1, listed: true }).ok).toBe(true);
    expect(attach({ kind: 'pane' }, { config: '/home/me/bar1.json', monitor: 1, listed: false }).ok).toBe(false);
  });

  it('refuses a host or a path with a newline (it would forge a line of the core’s log), and relative paths', () => {
    expect(attach({ kind: 'feed', host: 'tmux\n2026-01-01 core: forged' }, {})).toMatchObject({ ok: false, problem: expect.stringMatching(/^role\.host: /) });
    expect(attach({ kind: 'pane' }, { config: '/home/me/bar.json\ncore: forged' })).toMatchObject({ ok: false, problem: expect.stringMatching(/^select\.config: /) });
    expect(attach({ kind: 'pane' }, { log: 'tilebar.log' })).toMatchObject({ ok: false, problem: 'select.log: expected an absolute path' });
    expect(attach({ kind: 'pane' }, { monitor: 64 }).ok).toBe(false);
  });

  // The hello's version is what a core makes way for (serve/core-handover.ts): it names it in its log, and tells
  // every front end of it, who write it to theirs.
  it('takes a hello of any version npm allows, and refuses one whose version would forge a line of a log', () => {
    const hello = (app: string) => frontMessageOf({ t: 'hello', protocol: 1, app, nonce: 'AAAAAAAAAAAAAAAAAAAAAA==' });
    // A nightly build's version, its commit in its build metadata: 69 characters (semver allows 256).
    expect(hello('0.2.0-nightly.20261128.1+git.0123456789abcdef0123456789abcdef01234567').ok).toBe(true);
    expect(hello(`1.0.0-${'a'.repeat(250)}`).ok).toBe(true);
    expect(hello(`1.0.0-${'a'.repeat(251)}`).ok).toBe(false);
    // Semver takes this for 2.0.0 (it trims the ends); a core of protocol 1 does not even look, for a later protocol.
    expect(hello('2.0.0\n2026-01-01T00:00:00.000Z core: forged\n')).toMatchObject({ ok: false, problem: expect.stringMatching(/^app: /) });
  });

  it('refuses window-manager messages outside the vocabulary and launches without their command', () => {
    expect(frontMessageOf({ t: 'act', action: { kind: 'messages', messages: [{ type: 'NoSuchThing' }] } }).ok).toBe(false);
    expect(frontMessageOf({ t: 'act', action: { kind: 'launch', id: '0:x' } }).ok).toBe(false);
    expect(frontMessageOf({ t: 'act', action: { kind: 'messages', messages: [{ type: 'FocusWorkspaceNumber', content: 1 }] } }).ok).toBe(true);
  });
});
