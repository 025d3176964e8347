/**
 * A /proc file kept open and re-read from offset 0 (pread): one read call per poll instead of open, fstat,
 * read and close — what the kernel's seq files are made for, and what i3status does.
 */
import { close, open, read } from 'node:fs';

const openFile = (path: string) => new Promise<number>((resolve, reject) => open(path, 'r', (e, fd) => (e ? reject(e) : resolve(fd))));
const readAt = (fd: number, buf: Buffer, offset: number) =>
  new Promise<number>((resolve, reject) => read(fd, buf, offset, buf.length - offset, offset, (e, n) => (e ? reject(e) : resolve(n))));

export class ProcFile {
  private fd: number | undefined;
  private buf = Buffer.allocUnsafe(8192);

  constructor(private readonly path: string) {}

  async text(): Promise<string> {
    try {
      this.fd ??= await openFile(this.path);
      let total = 0;
      for (;;) {
        const n = await readAt(this.fd, this.buf, total);
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
    if (this.fd !== undefined) close(this.fd, () => undefined);
    this.fd = undefined;
  }
}
