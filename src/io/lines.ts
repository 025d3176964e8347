/**
 * Splits a byte stream into lines, bounded: a line longer than `maxBytes` is dropped whole (reported once per
 * line through `onOverlong`), so a peer that never sends a newline costs at most `maxBytes` of memory. Bytes
 * are kept until a newline arrives, so a character split across chunks decodes correctly.
 */
export class LineSplitter {
  private parts: Buffer[] = [];
  private size = 0;
  private skipping = false;

  constructor(
    private readonly maxBytes: number,
    private readonly onOverlong: (bytes: number) => void = () => undefined,
  ) {}

  push(chunk: Buffer): string[] {
    const lines: string[] = [];
    let start = 0;
    for (let nl = chunk.indexOf(10, start); nl !== -1; nl = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, nl);
      if (this.skipping) {
        this.skipping = false;
      } else if (this.size + piece.length > this.maxBytes) {
        this.onOverlong(this.size + piece.length);
      } else {
        const line = this.size === 0 ? piece.toString('utf8') : Buffer.concat([...this.parts, piece]).toString('utf8');
        lines.push(line.endsWith('\r') ? line.slice(0, -1) : line);
      }
      this.parts = [];
      this.size = 0;
      start = nl + 1;
    }
    const rest = chunk.subarray(start);
    if (rest.length > 0 && !this.skipping) {
      if (this.size + rest.length > this.maxBytes) {
        this.onOverlong(this.size + rest.length);
        this.skipping = true;
        this.parts = [];
        this.size = 0;
      } else {
        // A copy: the caller's buffer may be reused.
        this.parts.push(Buffer.from(rest));
        this.size += rest.length;
      }
    }
    return lines;
  }
}
