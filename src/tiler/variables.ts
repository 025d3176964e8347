/**
 * `%VAR%`, `$Env:VAR`, `$VAR` and `${VAR}` resolved anywhere in a command or path (the original replaces only
 * whole path segments, and rewrites `/` in commands with flags). An unset variable is left as written. A
 * leading `~` is the home directory. This is looser than komorebi's own rule for the paths it reads itself
 * (`KOMOREBI_CONFIG_HOME`, `bar_configurations`), which src/config/komorebi-path.ts follows exactly.
 */
import { envValue, type Env } from '../config/komorebi-path.js';

export type { Env };

/** Variable lookup; on Windows names are case-insensitive. */
export const lookup = envValue;

const VARIABLE = /%([A-Za-z_][A-Za-z0-9_()]*)%|\$env:([A-Za-z_][A-Za-z0-9_]*)|\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/gi;

export interface VariableUse {
  /** Where the reference starts and ends in the text. */
  start: number;
  end: number;
  name: string;
  value: string | undefined;
}

/** Every variable reference in `text`, with its value (undefined when unset). */
export function variableUses(text: string, env: Env, platform: NodeJS.Platform): VariableUse[] {
  const out: VariableUse[] = [];
  for (const m of text.matchAll(VARIABLE)) {
    const name = m[1] ?? m[2] ?? m[3] ?? m[4] ?? '';
    out.push({ start: m.index, end: m.index + m[0].length, name, value: lookup(env, name, platform) });
  }
  return out;
}

export function home(env: Env, platform: NodeJS.Platform): string | undefined {
  return platform === 'win32' ? (lookup(env, 'USERPROFILE', platform) ?? lookup(env, 'HOME', platform)) : lookup(env, 'HOME', platform);
}

/** The text with every set variable replaced by its value, and a leading `~` by the home directory. */
export function resolveVariables(text: string, env: Env, platform: NodeJS.Platform): string {
  let out = '';
  let at = 0;
  for (const use of variableUses(text, env, platform)) {
    out += text.slice(at, use.start) + (use.value ?? text.slice(use.start, use.end));
    at = use.end;
  }
  out += text.slice(at);
  const h = home(env, platform);
  return h && (out === '~' || /^~[\\/]/.test(out)) ? h + out.slice(1) : out;
}
