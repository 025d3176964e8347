import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { colourChoiceInArgv } from '../../src/cli/colour-env.js';
import { childEnv } from '../support/child-env.js';

/** In a fresh process (chalk reads its environment once): apply tilebar's decision, then paint through Ink's colorize. */
async function chalkAfterPrepare(argv: string[], env: Record<string, string>, isTTY: boolean) {
  const script = `
    const { prepareColourForInk } = await import('./dist/src/cli/colour-env.js');
    const { inkColour } = await import('./dist/src/colour/ink-colour.js');
    const depth = prepareColourForInk(${JSON.stringify(argv)}, process.env, ${isTTY}, 'linux');
    const { default: colorize } = await import('./node_modules/ink/build/colorize.js');
    const { default: chalk } = await import('chalk');
    const text = colorize('x', inkColour('#89b4fa', depth), 'foreground');
    process.stdout.write(JSON.stringify({ level: chalk.level, text }));`;
  // Only the colour variables the test gives: none of the runner's NO_COLOR, FORCE_COLOR, COLORTERM or TERM.
  const r = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { env: childEnv(env) });
  return JSON.parse(r.stdout) as { level: number; text: string };
}

describe('colour decided before Ink loads', () => {
  it('reads --color from the command line as commander will', () => {
    expect(colourChoiceInArgv(['preview', '--color', '256'])).toBe('256');
    expect(colourChoiceInArgv(['preview', '--color=none'])).toBe('none');
    expect(colourChoiceInArgv(['preview', '--', '--color', '16'])).toBe('auto');
  });

  it('makes chalk emit nothing under NO_COLOR, which chalk itself ignores', async () => {
    const r = await chalkAfterPrepare([], { NO_COLOR: '1', COLORTERM: 'truecolor', TERM: 'xterm-256color' }, true);
    expect(r).toEqual({ level: 0, text: 'x' });
  });

  it('makes chalk follow --color and the terminal', async () => {
    // Ink gets the colour already reduced by tilebar (111 = #87afff), not chalk's rounding (153).
    expect((await chalkAfterPrepare(['--color', '256'], {}, false)).text).toBe('\x1b[38;5;111mx\x1b[39m');
    expect((await chalkAfterPrepare(['--color=16'], {}, false)).text).toBe('\x1b[94mx\x1b[39m');
    expect((await chalkAfterPrepare(['--color', 'truecolor'], {}, false)).text).toBe('\x1b[38;2;137;180;250mx\x1b[39m');
    expect((await chalkAfterPrepare([], { COLORTERM: 'truecolor', TERM: 'xterm' }, true)).level).toBe(3);
    expect((await chalkAfterPrepare([], { COLORTERM: 'truecolor' }, false)).level).toBe(0);
  });
});
