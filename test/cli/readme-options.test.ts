/**
 * The README's Commands table names every option each command takes: the commands and options are read from
 * `tilebar --help` and `tilebar <command> --help`, as a reader would, so an option added to the command line
 * and left out of the table fails here. Commander's own `--help` and `help [command]` are said once, under the
 * table, for every command.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './capture.js';

const readme = readFileSync(join(process.cwd(), 'README.md'), 'utf8');
const section = /^## Commands\n([\s\S]*?)^## /m.exec(readme)?.[1] ?? '';

/** The first cell of each row of the Commands table, its `\|` unescaped. */
const rows = section
  .split('\n')
  .filter((l) => l.startsWith('| `tilebar'))
  .map((l) => (/^\| `((?:[^`])*)`/.exec(l)?.[1] ?? '').replace(/\\\|/g, '|'));

/** The lines of a help text's section (`Options:`, `Commands:`) that start an entry. */
function entries(help: string, heading: string): string[] {
  const body = new RegExp(`^${heading}:\\n((?:  .*\\n?)*)`, 'm').exec(help)?.[1] ?? '';
  return body.split('\n').filter((l) => /^ {2}\S/.test(l)).map((l) => l.trim());
}

/** An option's flags as its help line gives them: `-c, --config <file>` → `-c`, `--config`. */
const flagsOf = (entry: string): string[] => [...(/^(-[\w-]+(?:, -[\w-]+)*)/.exec(entry)?.[1] ?? '').matchAll(/-[\w-]+/g)].map((m) => m[0]);

/** Whether `text` names `flag` as a word of its own (`--tiler`, not the start of `--tiler-state`). */
const names = (text: string, flag: string) => new RegExp(`(^|[\\s\\[|])${flag.replace(/[-]/g, '\\-')}(?![\\w-])`).test(text);

/** Every option of `argv`'s help, but commander's own --help, with those of its flags that `text` lacks. */
async function missing(argv: string[], text: string): Promise<string[]> {
  const { out } = await cli([...argv, '--help']);
  return entries(out, 'Options')
    .map(flagsOf)
    .filter((flags) => !flags.includes('--help'))
    .filter((flags) => !flags.some((f) => names(text, f)))
    .map((flags) => flags.join(', '));
}

describe("the README's Commands table", () => {
  it('says once that every command has --help', () => {
    expect(section).toContain('Every command has `--help`');
  });

  it('names every option of every command in its row', async () => {
    const { out } = await cli(['--help']);
    const commands = entries(out, 'Commands')
      .map((e) => e.split(' ')[0]!)
      .filter((c) => c !== 'help');
    expect(commands.length).toBeGreaterThan(5);
    const gaps: Record<string, string[]> = {};
    for (const command of commands) {
      const row = rows.filter((r) => r === `tilebar ${command}` || r.startsWith(`tilebar ${command} `));
      expect(row, `no row for tilebar ${command}`).toHaveLength(1);
      const lacking = await missing([command], row[0]!);
      if (lacking.length > 0) gaps[command] = lacking;
    }
    // The program's own options (--version) in a row of the bare `tilebar`.
    const bare = rows.filter((r) => !commands.some((c) => r === `tilebar ${c}` || r.startsWith(`tilebar ${c} `))).join('\n');
    const lacking = await missing([], bare);
    if (lacking.length > 0) gaps.tilebar = lacking;
    expect(gaps).toEqual({});
  });
});
