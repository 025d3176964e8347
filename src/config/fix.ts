/** `tilebar check --fix`: apply the problems' text edits, keeping comments and formatting. */
import { applyEdits, type Edit } from 'jsonc-parser';
import type { Problem } from './problem.js';

export interface FixResult {
  text: string;
  applied: Problem[];
}

/** Applies every fix that does not overlap an earlier one; the BOM, if any, is kept. */
export function applyFixes(originalText: string, problems: readonly Problem[]): FixResult {
  const bom = originalText.charCodeAt(0) === 0xfeff ? '\uFEFF' : '';
  const text = bom ? originalText.slice(1) : originalText;
  const withFix = problems.filter((p) => p.fix).sort((a, b) => (a.fix?.offset ?? 0) - (b.fix?.offset ?? 0));
  const edits: Edit[] = [];
  const applied: Problem[] = [];
  let end = -1;
  for (const p of withFix) {
    const fix = p.fix;
    if (!fix || fix.offset < end) continue;
    edits.push({ offset: fix.offset, length: fix.length, content: fix.content });
    applied.push(p);
    end = fix.offset + fix.length;
  }
  return { text: bom + applyEdits(text, edits), applied };
}
