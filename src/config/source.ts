/** A config document's text with fast offset → line:col lookup (1-based, tabs count as one column). */
export interface SourcePosition {
  line: number;
  col: number;
}

/** The text without a UTF-8 byte-order mark: invisible in editors, so never part of what is read or compared. */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export class SourceText {
  readonly text: string;
  private readonly lineStarts: number[];

  constructor(
    readonly file: string,
    rawText: string,
  ) {
    // A UTF-8 BOM is invisible in editors, so columns are counted without it.
    this.text = withoutBom(rawText);
    this.lineStarts = [0];
    for (let i = 0; i < this.text.length; i++) {
      if (this.text.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
    }
  }

  position(offset: number): SourcePosition {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.lineStarts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, col: offset - (this.lineStarts[lo] ?? 0) + 1 };
  }

  /** The source line (without CR/LF) and a caret line pointing at `col`; tabs are kept so the caret aligns. */
  excerpt(pos: SourcePosition, width = 1): string {
    const start = this.lineStarts[pos.line - 1] ?? 0;
    const end = this.lineStarts[pos.line] ?? this.text.length;
    const line = this.text.slice(start, end).replace(/\r?\n$/, '').replace(/\r$/, '');
    const lead = line.slice(0, pos.col - 1).replace(/[^\t]/g, ' ');
    const gutter = `${pos.line} | `;
    return `${gutter}${line}\n${' '.repeat(gutter.length - 2)}| ${lead}${'^'.repeat(Math.max(1, width))}`;
  }
}
