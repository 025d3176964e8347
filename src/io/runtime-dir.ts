/**
 * A private directory for a running feed's files (the clicks its host appends to, Waybar's module pipes):
 * `$XDG_RUNTIME_DIR/tilebar` (the session's own tmpfs, mode 0700, gone at log-out), or `/tmp/tilebar-<uid>` where
 * there is none. Its path goes into the host's click commands (a Polybar tag, a Waybar `on-click`, a tmux
 * binding), so it is only taken when made of plain characters; and it is only used when it is a real directory
 * of ours that nobody else can write (a link or another user's directory planted in /tmp is refused).
 */
import { chmodSync, lstatSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** Characters a path may have to go into a shell command, a Polybar tag and a tmux format unquoted-safe. */
export const PLAIN_PATH = /^\/[A-Za-z0-9/._+-]*$/;

export function runtimeDirPath(env: Readonly<Record<string, string | undefined>>, uid: number): string {
  const runtime = env.XDG_RUNTIME_DIR;
  if (runtime && PLAIN_PATH.test(runtime)) return join(runtime, 'tilebar');
  return `/tmp/tilebar-${uid}`;
}

export type DirCheck = { ok: true; path: string } | { ok: false; path: string; why: string };

/** Make (or check) a private directory; never throws. */
export function privateDir(path: string, uid: number | undefined): DirCheck {
  try {
    mkdirSync(path, { recursive: true, mode: 0o700 });
    const stat = lstatSync(path);
    if (!stat.isDirectory()) return { ok: false, path, why: 'it is not a directory (a link or a file is in its place)' };
    if (uid !== undefined && stat.uid !== uid) return { ok: false, path, why: `it belongs to another user (uid ${stat.uid})` };
    if ((stat.mode & 0o077) !== 0) chmodSync(path, 0o700);
    return { ok: true, path };
  } catch (e) {
    return { ok: false, path, why: e instanceof Error ? e.message : String(e) };
  }
}
