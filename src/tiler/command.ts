/**
 * Commands from the config (mouse bindings, Applications items): variables are substituted as data, never
 * re-read by a shell as code. A command without shell operators is split into words (quotes respected, a
 * backslash is an ordinary character so Windows paths survive) and run directly. A command with operators
 * (`|`, `;`, `&&`, `>`, …) runs in a shell (`sh -c`; on Windows PowerShell), but each variable in it is
 * replaced by a reference to an environment variable that tilebar sets for the child — so a value with
 * `;`, quotes or spaces stays one piece of text.
 *
 * What runs is found without the current directory (program-path.ts): the shell by its full path (`/bin/sh`, the
 * system's PowerShell), a command's bare program name on PATH's absolute entries — so a click never runs a
 * `wezterm.exe` lying in the folder the bar was started from. A program given with a directory is the config's
 * own choice and runs as written.
 */
import { spawn } from 'node:child_process';
import { findProgramHere, hasDirectory, isAbsoluteFor, systemPowerShell, withAbsolutePath } from '../io/program-path.js';
import { home, lookup, type Env } from './variables.js';

export type CommandPlan =
  | { kind: 'exec'; file: string; args: string[] }
  | { kind: 'shell'; file: string; args: string[]; env: Record<string, string> };

const OPERATORS = new Set([';', '|', '&', '<', '>', '(', ')', '`']);
const VARIABLE_AT = /^(?:%([A-Za-z_][A-Za-z0-9_()]*)%|\$env:([A-Za-z_][A-Za-z0-9_]*)|\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*))/i;

interface Scan {
  words: string[];
  hasOperators: boolean;
  /** The template rewritten for a shell, variables as references to the child's environment. */
  shellText: string;
  shellEnv: Record<string, string>;
}

function scan(template: string, env: Env, platform: NodeJS.Platform): Scan {
  const words: string[] = [];
  let word: string | undefined;
  let quote: '"' | "'" | undefined;
  let hasOperators = false;
  let shellText = '';
  const shellEnv: Record<string, string> = {};
  const windows = platform === 'win32';
  const ref = (name: string) => (windows ? `$env:${name}` : quote === '"' ? `\${${name}}` : `"\${${name}}"`);
  for (let i = 0; i < template.length; i++) {
    const ch = template[i] ?? '';
    const rest = template.slice(i);
    const m = quote === "'" ? null : VARIABLE_AT.exec(rest);
    if (m) {
      const name = m[1] ?? m[2] ?? m[3] ?? m[4] ?? '';
      const value = lookup(env, name, platform);
      if (value !== undefined) {
        word = (word ?? '') + value;
        const key = `TILEBAR_V${Object.keys(shellEnv).length}`;
        shellEnv[key] = value;
        shellText += ref(key);
      } else {
        word = (word ?? '') + m[0];
        shellText += m[0];
      }
      i += m[0].length - 1;
      continue;
    }
    shellText += ch;
    if (quote) {
      if (ch === quote) quote = undefined;
      else word = (word ?? '') + ch;
      continue;
    }
    if (ch === '"' || ch === "'") {
      quote = ch;
      word ??= '';
      continue;
    }
    if (/\s/.test(ch)) {
      if (word !== undefined) words.push(word);
      word = undefined;
      continue;
    }
    if (OPERATORS.has(ch)) hasOperators = true;
    if (ch === '~' && word === undefined && (rest.length === 1 || /^~[\\/\s]/.test(rest))) {
      word = home(env, platform) ?? '~';
      continue;
    }
    word = (word ?? '') + ch;
  }
  if (word !== undefined) words.push(word);
  return { words, hasOperators, shellText, shellEnv };
}

/** How `template` will run; undefined for an empty command. */
export function planCommand(template: string, env: Env, platform: NodeJS.Platform): CommandPlan | undefined {
  const s = scan(template.trim(), env, platform);
  if (s.words.length === 0) return undefined;
  if (!s.hasOperators) {
    const [file = '', ...args] = s.words;
    return { kind: 'exec', file, args };
  }
  return platform === 'win32'
    ? { kind: 'shell', file: systemPowerShell(env), args: ['-NoLogo', '-NoProfile', '-Command', s.shellText], env: s.shellEnv }
    : { kind: 'shell', file: '/bin/sh', args: ['-c', s.shellText], env: s.shellEnv };
}

/** Where a plan's program is: a bare name looked up on PATH (never in the current directory), a path as written. */
function programOf(plan: CommandPlan, env: Env, platform: NodeJS.Platform): { ok: true; path: string } | { ok: false; problem: string } {
  if (isAbsoluteFor(plan.file, platform) || hasDirectory(plan.file, platform)) return { ok: true, path: plan.file };
  const found = findProgramHere(plan.file, env, platform);
  return found.ok ? found : { ok: false, problem: `${found.problem} (the current directory is not searched)` };
}

/** Start a planned command detached from the bar; failures go to `onError`, never to the bar. */
export function startCommand(plan: CommandPlan, env: Env, cwd: string, onError: (message: string) => void, platform: NodeJS.Platform = process.platform): void {
  const program = programOf(plan, env, platform);
  if (!program.ok) {
    onError(program.problem);
    return;
  }
  try {
    const child = spawn(program.path, plan.args, {
      cwd,
      // The child's own look-ups (a shell's, an `env` script's) never search the current directory either.
      env: { ...withAbsolutePath(env, platform), ...(plan.kind === 'shell' ? plan.env : {}) } as NodeJS.ProcessEnv,
      stdio: 'ignore',
      detached: true,
      windowsHide: true,
    });
    child.on('error', (e) => onError(`${plan.file}: ${e.message}`));
    child.unref();
  } catch (e) {
    onError(`${plan.file}: ${e instanceof Error ? e.message : String(e)}`);
  }
}
