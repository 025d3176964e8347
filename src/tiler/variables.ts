/**
 * `%VAR%`, `$Env:VAR`, `$VAR` and `${VAR}` resolved anywhere in a command or path (the original replaces only
 * whole path segments, and rewrites `/` in commands with flags). An unset variable is left as written. A
 * leading `~` is the home directory.
 */

export type Env = Readonly<Record<string, string | undefined>>;

/** Variable lookup; on Windows names are case-insensitive. */
export function lookup(env: Env, name: string, platform: NodeJS.Platform): string | undefined {
  if (env[name] !== undefined) return env[name];
  if (platform !== 'win32') return undefined;
  const key = Object.keys(env).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : env[key];
}

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
