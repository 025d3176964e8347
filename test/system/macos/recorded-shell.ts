/**
 * A stand-in for the shell systeminformation uses on macOS: each command it runs answers with the output a real Mac
 * printed (test/fixtures/macos/, sources in its README.md). systeminformation runs pipelines such as
 * `vm_stat 2>/dev/null | egrep "Pages active|…"`: the first command of each pipeline answers from the recordings,
 * the filters after it (grep, egrep, awk '{print $N}') are applied here as the shell would, so the recorded text
 * is the command's whole output and the filtering is systeminformation's own. A command with no recording fails
 * as a missing command does (status 127, nothing on stdout): what systeminformation does then is part of the test.
 */
import childProcess from 'node:child_process';
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export const FIXTURES = join(import.meta.dirname, '../../fixtures/macos');

export function recorded(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8');
}

/** Command line (as systeminformation writes it, without `2>/dev/null`) → what that command printed. */
export type Recordings = Map<string, string | (() => string)>;

interface Ran {
  stdout: string;
  status: number;
}

/** Splits at `separator` where it is not inside quotes (egrep's pattern holds `|`). */
function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let quote = '';
  let current = '';
  for (const ch of text) {
    if (quote) quote = ch === quote ? '' : quote;
    else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === separator) {
      parts.push(current.trim());
      current = '';
      continue;
    }
    current += ch;
  }
  return [...parts, current.trim()].filter((p) => p !== '');
}

const unquote = (s: string) => s.trim().replace(/^(["'])(.*)\1$/, '$2');

/** One filter of a pipeline, as grep, egrep and awk would apply it. */
function filter(input: string, command: string): Ran {
  const lines = input.split('\n').filter((l, i, all) => l !== '' || i < all.length - 1);
  const [tool = '', ...rest] = command.split(' ');
  const argument = unquote(rest.join(' '));
  let out: string[];
  if (tool === 'grep') out = lines.filter((l) => l.includes(argument));
  else if (tool === 'egrep') out = lines.filter((l) => new RegExp(argument).test(l));
  else if (tool === 'awk' && /^\{print \$\d+\}$/.test(argument)) {
    const field = Number(/\d+/.exec(argument)?.[0]);
    out = lines.map((l) => l.trim().split(/\s+/)[field - 1] ?? '');
  } else throw new Error(`recorded shell: no stand-in for the filter \`${command}\``);
  const status = (tool === 'grep' || tool === 'egrep') && out.length === 0 ? 1 : 0;
  return { stdout: out.length ? `${out.join('\n')}\n` : '', status };
}

export class RecordedShell {
  /** Every command line run, in order: what systeminformation asked this Mac. */
  readonly asked: string[] = [];

  constructor(readonly recordings: Recordings) {}

  run(commandLine: string): Ran {
    this.asked.push(commandLine);
    let stdout = '';
    let status = 0;
    for (const pipeline of splitOutsideQuotes(commandLine, ';')) {
      const [first = '', ...filters] = splitOutsideQuotes(pipeline.replace(/\s*2>\s*\/dev\/null/g, ''), '|');
      const answer = this.recordings.get(first);
      let ran: Ran = answer === undefined ? { stdout: '', status: 127 } : { stdout: typeof answer === 'string' ? answer : answer(), status: 0 };
      for (const f of filters) ran = filter(ran.stdout, f);
      // `a; b` prints both and exits with b's status; a pipeline exits with its last command's, as sh does.
      stdout += ran.stdout;
      status = ran.status;
    }
    return { stdout, status };
  }
}

type Callback = (error: Error | null, stdout: string, stderr: string) => void;

const failure = (command: string, status: number) => Object.assign(new Error(`Command failed: ${command}`), { status, code: status });

/**
 * Loads systeminformation as it loads on a Mac: it reads process.platform and takes child_process's exec, execSync
 * and execFileSync when its modules load, so both are swapped before the first require and the platform is put
 * back at once. Later imports of 'systeminformation' (src/system/si-readers.ts) get this same loaded module.
 */
export function loadSysteminformationOnMac(shell: { current: RecordedShell }): void {
  const exec = ((command: string, a?: unknown, b?: unknown) => {
    const callback = (typeof a === 'function' ? a : b) as Callback | undefined;
    const child = new EventEmitter();
    setImmediate(() => {
      const { stdout, status } = shell.current.run(command);
      callback?.(status === 0 ? null : failure(command, status), stdout, '');
    });
    return child;
  }) as unknown as typeof childProcess.exec;
  const execSync = ((command: string) => {
    const { stdout, status } = shell.current.run(command);
    if (status !== 0) throw failure(command, status);
    return Buffer.from(stdout);
  }) as unknown as typeof childProcess.execSync;
  const execFileSync = ((file: string, args: readonly string[] = []) => execSync([file, ...args].join(' '))) as unknown as typeof childProcess.execFileSync;
  const require = createRequire(import.meta.url);
  if (require.cache[require.resolve('systeminformation')]) {
    throw new Error('systeminformation is already loaded in this process, as on this machine: load it as on a Mac first (vitest runs each test file in its own process)');
  }
  const originals = { exec: childProcess.exec, execSync: childProcess.execSync, execFileSync: childProcess.execFileSync };
  Object.assign(childProcess, { exec, execSync, execFileSync });
  const platform = Object.getOwnPropertyDescriptor(process, 'platform');
  Object.defineProperty(process, 'platform', { value: 'darwin' });
  try {
    require('systeminformation');
  } finally {
    if (platform) Object.defineProperty(process, 'platform', platform);
    // systeminformation keeps the functions it took; everything else in this process gets the real ones back.
    Object.assign(childProcess, originals);
  }
}
