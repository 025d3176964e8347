/**
 * No function of tilebar's own sources is over ~100 lines (issue 24): a function that long does several things,
 * each of which deserves a name. Generated data (themes/base16-data.ts and the like) holds no functions.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript-api';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './import-graph.js';

const MAX_LINES = 100;

/** Every function, method and arrow function of a file, with how many lines it spans. */
function functionLengths(file: string, text: string): Array<{ name: string; lines: number }> {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: Array<{ name: string; lines: number }> = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const named = node.name ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name : undefined);
      out.push({ name: `${file}:${start + 1} ${named ? named.getText(source) : '(anonymous)'}`, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const root = process.cwd();
const all = sourceFiles(root).flatMap((f) => functionLengths(f, readFileSync(join(root, f), 'utf8')));

describe('function length', () => {
  it('reads the functions of every source file', () => {
    expect(all.length).toBeGreaterThan(500);
    expect(all.some((f) => f.name.includes('runCommand'))).toBe(true);
  });

  it(`has no function over ${MAX_LINES} lines`, () => {
    expect(all.filter((f) => f.lines > MAX_LINES).map((f) => `${f.name} (${f.lines} lines)`)).toEqual([]);
  });
});
