/** Read a config document: JSONC → problems (all of them) → BarModel when there is no error. */
import { readFile } from 'node:fs/promises';
import { getNodeValue, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { BarModel } from './model.js';
import { normalise } from './normalise.js';
import { formatPath, type Problem } from './problem.js';
import { barSchema } from './schema/bar.js';
import { SourceText } from './source.js';
import { SchemaWalker } from './validate.js';
import { detectVariant, type Variant, type VariantSource } from './variant.js';

export interface LoadResult {
  file: string;
  source: SourceText;
  variant: Variant;
  variantSource: VariantSource;
  problems: Problem[];
  /** Present when the document has no error. */
  model?: BarModel;
  /** The syntax tree, for `--fix` edits. */
  tree?: Node;
}

export interface LoadOptions {
  variant?: Variant;
  platform?: NodeJS.Platform;
}

const SYNTAX_HINTS: Record<string, string> = {
  EndOfFileExpected: 'the document must be a single JSON object: is its opening "{" missing, or is there text after its closing "}"?',
  CommaExpected: 'a "," is missing between two values',
  ColonExpected: 'a ":" is missing after a key',
  PropertyNameExpected: 'keys must be double-quoted strings',
  CloseBraceExpected: 'a "}" is missing',
  CloseBracketExpected: 'a "]" is missing',
  InvalidSymbol: 'strings must use double quotes',
};

function syntaxProblems(source: SourceText, errors: ParseError[]): Problem[] {
  return errors.map((e) => {
    const code = printParseErrorCode(e.error);
    const pos = source.position(e.offset);
    const message = code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
    const p: Problem = { severity: 'error', path: '', line: pos.line, col: pos.col, message: `syntax error: ${message}` };
    const hint = SYNTAX_HINTS[code];
    if (hint) p.hint = hint;
    return p;
  });
}

export function loadConfigText(text: string, file: string, opts: LoadOptions = {}): LoadResult {
  const source = new SourceText(file, text);
  const errors: ParseError[] = [];
  const tree = parseTree(source.text, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true });
  // A broken tree's `$schema` is not trusted to pick the variant.
  const { variant, variantSource } = variantOf(errors.length === 0 ? tree : undefined, opts);
  const base = { file, source, variant, variantSource };
  if (errors.length > 0) return { ...base, problems: syntaxProblems(source, errors.slice(0, 1)) };
  if (!tree) {
    return {
      ...base,
      problems: [{ severity: 'error', path: '', line: 1, col: 1, message: 'the file is empty; expected a JSON object with "left_widgets" and "right_widgets"' }],
    };
  }
  const walker = new SchemaWalker(source);
  const schema = barSchema(variant);
  const cleaned = walker.walk(schema, tree, []);
  const problems = walker.problems;
  const result: LoadResult = { ...base, problems, tree };
  if (walker.errors > 0) return result;
  // Without zod's eval-compiled fast path: a bar parses its config once, and compiling it cost more (~25 ms
  // of a cold start, bench/) than it saves even over 110 files in one `tilebar check`.
  const parsed = schema.safeParse(cleaned, { jitless: true });
  if (!parsed.success) {
    // The walker accepted what zod rejects: a gap in the walker. Report it located, never throw.
    for (const issue of parsed.error.issues) {
      problems.push({ severity: 'error', path: formatPath(issue.path as (string | number)[]), line: 1, col: 1, message: issue.message });
    }
    return result;
  }
  result.model = normalise(parsed.data, variant);
  return result;
}

function variantOf(tree: Node | undefined, opts: LoadOptions): { variant: Variant; variantSource: VariantSource } {
  let schemaUrl: unknown;
  if (tree?.type === 'object') {
    const prop = tree.children?.find((p) => p.children?.[0]?.value === '$schema');
    const valueNode = prop?.children?.[1];
    if (valueNode) schemaUrl = getNodeValue(valueNode);
  }
  const { variant, source } = detectVariant(opts.variant, schemaUrl, opts.platform);
  return { variant, variantSource: source };
}

export async function loadConfigFile(file: string, opts: LoadOptions = {}): Promise<LoadResult> {
  const text = await readFile(file, 'utf8');
  return loadConfigText(text, file, opts);
}
