/**
 * Hyprland's two sockets: requests on `.socket.sock` (one per connection: write, read to the end; Hyprland
 * serves it synchronously, so a connection is never held open) and the event stream on `.socket2.sock`
 * (`EVENT>>DATA` lines).
 */
import { createConnection } from 'node:net';
import { JsonShape, PEER_JSON_LIMITS } from '../io/bounded-json.js';
import { join } from 'node:path';
import type { Timers } from '../scheduler/timers.js';

export const HYPRLAND_REQUEST_TIMEOUT_MS = 2000;
/** A reply larger than this is a broken peer (`j/clients` for hundreds of windows is ~1 MB). */
export const HYPRLAND_MAX_REPLY = 8 * 1024 * 1024;

/** Hyprland's sockets: the current place under $XDG_RUNTIME_DIR/hypr, else the older /tmp/hypr. */
export function hyprlandDir(env: Readonly<Record<string, string | undefined>>, exists: (p: string) => boolean): string {
  const sig = env.HYPRLAND_INSTANCE_SIGNATURE ?? '';
  const runtime = env.XDG_RUNTIME_DIR ? join(env.XDG_RUNTIME_DIR, 'hypr', sig) : undefined;
  return runtime && exists(join(runtime, '.socket2.sock')) ? runtime : join('/tmp/hypr', sig);
}

/** One request on Hyprland's request socket; the reply is everything until it closes (bounded in time and size). */
export function hyprlandRequest(dir: string, request: string, timers: Timers, maxBytes = HYPRLAND_MAX_REPLY): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(join(dir, '.socket.sock'));
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    const fail = (e: Error) => {
      if (failed) return;
      failed = true;
      timers.clearTimeout(timer);
      socket.destroy();
      reject(e);
    };
    const timer = timers.setTimeout(() => fail(new Error(`${request} got no answer within ${HYPRLAND_REQUEST_TIMEOUT_MS / 1000} s`)), HYPRLAND_REQUEST_TIMEOUT_MS);
    socket.on('connect', () => socket.write(request));
    // Replies are JSON (the j/ requests) or a word ("ok"): one too deep or with too many values is refused at
    // the bracket that makes it so, before the rest is read (a nested 8 MB reply: ~130 bytes read).
    const shape = new JsonShape(PEER_JSON_LIMITS);
    socket.on('data', (d: Buffer) => {
      size += d.length;
      const problem = shape.push(d);
      if (problem) fail(new Error(`${request}: a reply ${problem}`));
      else if (size > maxBytes) fail(new Error(`${request}: a reply over ${maxBytes} bytes`));
      else chunks.push(d);
    });
    socket.on('error', (e: NodeJS.ErrnoException) => fail(new Error(e.code ?? e.message)));
    socket.on('close', () => {
      if (failed) return;
      timers.clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
  });
}
