/**
 * A /proc file kept open and re-read from offset 0 (pread): one read call per poll instead of open, fstat,
 * read and close — what the kernel's seq files are made for, and what i3status does.
 *
 * Read on the calling thread, not through libuv's thread pool: the kernel makes these files' text in memory (a
 * few microseconds; nothing waits on a disk or the network), while a read through the pool costs a thread's
 * wake-up, the loop's wake-up when it is done and a turn of the loop per read — two reads a file (the text, then
 * the end), sequentially. A running bar polls /proc every second or two: the pool's round trips were most of its
 * wake-ups (bench/README.md, "The feed").
 */
import { closeSync, openSync, readSync } from 'node:fs';

export class ProcFile {
  private fd: number | undefined;
  private buf = Buffer.allocUnsafe(8192);

  constructor(private readonly path: string) {}

  /** The file's whole text, read before it returns; rejects (and opens the file again next time) when it cannot be read. */
  async text(): Promise<string> {
    try {
      this.fd ??= openSync(this.path, 'r');
      let total = 0;
      for (;;) {
        const n = readSync(this.fd, this.buf, total, this.buf.length - total, total);
        if (n === 0) break;
        total += n;
        if (total === this.buf.length) {
          const bigger = Buffer.allocUnsafe(this.buf.length * 2);
          this.buf.copy(bigger);
          this.buf = bigger;
        }
      }
      return this.buf.toString('utf8', 0, total);
    } catch (e) {
      // Opened again on the next poll (a file that went away, a descriptor that went bad).
      this.close();
      throw e;
    }
  }

  close(): void {
    if (this.fd !== undefined) {
      try {
        closeSync(this.fd);
      } catch {
        // Already gone: nothing to release.
      }
    }
    this.fd = undefined;
  }
}
