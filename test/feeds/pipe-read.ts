/** Reading a pipe as a host would, without ever waiting. */
import { readSync } from 'node:fs';

/** What can be read from `fd` (opened O_NONBLOCK) now, up to the pipe's end or its emptiness. */
export function readAvailable(fd: number): string {
  const buffer = Buffer.alloc(64 * 1024);
  let text = '';
  for (;;) {
    let n = 0;
    try {
      n = readSync(fd, buffer, 0, buffer.length, null);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EAGAIN') break;
      throw e;
    }
    if (n === 0) break;
    text += buffer.subarray(0, n).toString();
  }
  return text;
}
