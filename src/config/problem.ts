/** A config problem is a value, collected (never thrown) and printed like a compiler diagnostic. */
import { quote } from '../text/safe-text.js';

export type Severity = 'error' | 'warning' | 'note';

/** A text edit that `tilebar check --fix` may apply; offsets are in the BOM-less text. */
export interface TextEdit {
  offset: number;
  length: number;
  content: string;
}

export interface Problem {
  severity: Severity;
  /** JSON path as users read it: `right_widgets[3].Cpu.auto_select_over`; empty for the document. */
  path: string;
  line: number;
  col: number;
  message: string;
  hint?: string;
  fix?: TextEdit;
}

/** Keys are the document's own: a long or odd one is quoted and shortened (see `quote`). */
export function formatPath(segments: ReadonlyArray<string | number>): string {
  let out = '';
  for (const s of segments) {
    if (typeof s === 'number') out += `[${s}]`;
    else if (s.length <= 48 && /^[A-Za-z_$][\w$]*$/.test(s)) out += out ? `.${s}` : s;
    else out += `[${quote(s, 32)}]`;
  }
  return out;
}

/**
 * `bar.json:14:30: error: right_widgets[3].Cpu.auto_select_over: expected …` (+ the hint on its own line): the
 * form compilers use, which editors' problem matchers read (file, line, column, severity, message).
 */
export function formatProblem(file: string, p: Problem): string {
  const where = p.path ? `${p.path}: ` : '';
  const head = `${file}:${p.line}:${p.col}: ${p.severity}: ${where}${p.message}`;
  return p.hint ? `${head}\n  hint: ${p.hint}` : head;
}

export function countBySeverity(problems: readonly Problem[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { error: 0, warning: 0, note: 0 };
  for (const p of problems) counts[p.severity]++;
  return counts;
}
