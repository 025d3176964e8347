/** The frame the README shows is what its command prints today. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './capture.js';

describe('the README', () => {
  it('shows the example frame its preview command prints', async () => {
    const readme = readFileSync(join(process.cwd(), 'README.md'), 'utf8');
    const command = /This is `TZ=UTC tilebar (preview [^`]+)`/.exec(readme)?.[1]?.replace(/\s+/g, ' ');
    const frame = /the launcher shows its items' names where it has Nerd Font icons\):\n\n```\n(.*)\n```/.exec(readme)?.[1];
    expect(command).toBeTruthy();
    const r = await cli((command ?? '').split(' '), { TZ: 'UTC' });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toBe(`${frame}\n`);
  });
});
