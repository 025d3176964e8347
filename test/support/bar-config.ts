/**
 * The one way tests write a bar config: `writeBarConfig` for a file a test starts with, `saveConfig` for an edit
 * made while a bar runs.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** A config: an object (written as JSON), text (JSONC, broken files) or bytes (a file copied as it is). */
export type ConfigText = string | Uint8Array | object;

export interface WriteOptions {
  /** The file's mode: tests whose bar runs as another user (test/tty under setpriv) need it readable by all. */
  mode?: number;
}

const textOf = (config: ConfigText): string | Uint8Array => (typeof config === 'string' || config instanceof Uint8Array ? config : JSON.stringify(config));

/** Writes `config` as `dir/name` (directories made as needed) and returns the file's path. */
export async function writeBarConfig(dir: string, config: ConfigText, name = 'bar.json', opts: WriteOptions = {}): Promise<string> {
  const file = join(dir, name);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, textOf(config), opts.mode !== undefined ? { mode: opts.mode } : {});
  return file;
}

/**
 * Replaces `file` as an editor's save does: written beside it, then renamed over it, so a watching bar never
 * reads half a file and sees one change (directories made as needed).
 */
export async function saveConfig(file: string, config: ConfigText, opts: WriteOptions = {}): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(`${file}.tmp`, textOf(config), opts.mode !== undefined ? { mode: opts.mode } : {});
  await rename(`${file}.tmp`, file);
}
