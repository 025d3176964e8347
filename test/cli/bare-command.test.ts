/**
 * `tilebar` with nothing after it, and `tilebar feed` without a host: what a newcomer types first. Outside a
 * terminal the bare command prints the help on standard output and exits 0 (a pipe shows no bar); in a real
 * terminal it starts the bar, as `waybar` or `polybar` do (test/tty/bare-tty.test.ts). `feed` alone names the hosts.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { commandLineOf } from '../../src/cli/bare-command.js';
import { BUILTIN_HOSTS } from '../../src/feeds/hosts.js';
import { childEnv } from '../support/child-env.js';
import { tilebarArgs } from '../support/tilebar-command.js';

const FEED_HOSTS = BUILTIN_HOSTS.map((h) => h.name);

const tilebar = (args: string[]) =>
  spawnSync(process.execPath, tilebarArgs(...args), { encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'], env: childEnv({ HOME: '/nonexistent-home' }) });

describe('a bare tilebar', () => {
  it('prints the help on standard output, nothing on standard error, and exits 0 through a pipe', () => {
    const r = tilebar([]);
    expect(r.stdout).toMatch(/^Usage: tilebar \[options\] \[command\]/);
    expect(r.stdout).toContain('run [options]');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('runs the bar in a terminal, prints the help elsewhere, and leaves any arguments as they are', () => {
    expect(commandLineOf([], () => ({ stdin: true, stdout: true }))).toEqual(['run']);
    expect(commandLineOf([], () => ({ stdin: false, stdout: true }))).toEqual(['--help']);
    expect(commandLineOf([], () => ({ stdin: true, stdout: false }))).toEqual(['--help']);
    // With arguments the streams are not looked at (making process.stdin loads Node's file streams).
    expect(commandLineOf(['check'], () => expect.unreachable('the streams were asked about'))).toEqual(['check']);
  });
});

describe('tilebar feed without a host', () => {
  it('names every host it can feed and how to start, with status 2', () => {
    const r = tilebar(['feed']);
    expect(r.status).toBe(2);
    // Every host on the list, whatever it holds: a host added there is named here without this test changing.
    expect(r.stderr).toBe(`tilebar: feed: which bar? name one of ${FEED_HOSTS.join(', ')} (for example \`tilebar feed tmux --print-config\`)\n`);
    expect(FEED_HOSTS).toEqual(expect.arrayContaining(['i3bar', 'swaybar', 'tmux', 'polybar', 'waybar']));
    expect(r.stdout).toBe('');
  });
});
