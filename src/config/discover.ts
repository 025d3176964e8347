/** Which config file to use when none is named on the command line. */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface DiscoveryEnv {
  env: Readonly<Record<string, string | undefined>>;
  home: string;
  exists: (path: string) => boolean;
}

export interface Discovered {
  path: string;
  /** Why this file: "--config", "$KOMOREBI_CONFIG_HOME", ..., "embedded default". */
  reason: string;
  embedded: boolean;
}

/**
 * `--config`, then `$KOMOREBI_CONFIG_HOME/komorebi.bar.json`, then `$XDG_CONFIG_HOME/tilebar/bar.json`
 * (default `~/.config/tilebar/bar.json`), then `~/komorebi.bar.json`, then the embedded example.
 */
export function discoverConfig(flag: string | undefined, io: DiscoveryEnv = realDiscoveryEnv()): Discovered {
  if (flag) return { path: flag, reason: '--config', embedded: false };
  const candidates: Array<[string | undefined, string]> = [
    [io.env.KOMOREBI_CONFIG_HOME && join(io.env.KOMOREBI_CONFIG_HOME, 'komorebi.bar.json'), '$KOMOREBI_CONFIG_HOME'],
    [join(io.env.XDG_CONFIG_HOME || join(io.home, '.config'), 'tilebar', 'bar.json'), io.env.XDG_CONFIG_HOME ? '$XDG_CONFIG_HOME' : '~/.config'],
    [join(io.home, 'komorebi.bar.json'), 'home directory'],
  ];
  for (const [path, reason] of candidates) {
    if (path && io.exists(path)) return { path, reason, embedded: false };
  }
  return { path: embeddedConfigPath(), reason: 'embedded default', embedded: true };
}

/** How messages name the config: as given on the command line, else its path; the embedded one says so. */
export function configLabel(found: Discovered, flag?: string): string {
  return found.embedded ? 'config.example.json (embedded)' : (flag ?? found.path);
}

export function realDiscoveryEnv(): DiscoveryEnv {
  return { env: process.env, home: homedir(), exists: existsSync };
}

/** The package root: the nearest directory above this module holding config.example.json. */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'config.example.json')) && existsSync(join(dir, 'package.json'))) return dir;
    dir = dirname(dir);
  }
  throw new Error('tilebar is installed without its config.example.json');
}

export function embeddedConfigPath(): string {
  return join(packageRoot(), 'config.example.json');
}
