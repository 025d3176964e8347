/**
 * The lines of a file another process is still writing: only those its newline has ended. A poll may read the
 * file between two writes of one line (Wine split a 900-byte i3bar line into two writes on CI), and half a
 * line is not a line the host would have read.
 */
export function wholeLines(text: string): string[] {
  const end = text.lastIndexOf('\n');
  return end < 0 ? [] : text.slice(0, end).split('\n');
}
