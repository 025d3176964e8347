/** Read a config document: JSONC → problems (all of them) → BarModel when there is no error. */
import { getNodeValue, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { tooDeepAt } from './jsonc-depth.js';
import { MAX_CONFIG_BYTES, MAX_CONFIG_DEPTH } from './limits.js';
import type { BarModel } from './model.js';
import { normalise } from './normalise.js';
import { formatPath, type Problem } from './problem.js';
import { barSchema } from './schema/bar.js';
import { SourceText } from './source.js';
import { SchemaWalker } from './validate.js';
import { countValidation } from './validation-count.js';
import type { ConfigKinds } from './widget-kinds.js';
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
  /** The widget kinds a file may use (the bar's registry, `widgets/kinds.ts`). */
  kinds: ConfigKinds;
  variant?: Variant;
  platform?: NodeJS.Platform;
}

const SYNTAX_HINTS: Readonly<Record<string, string>> = {
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
    const hint = Object.hasOwn(SYNTAX_HINTS, code) ? SYNTAX_HINTS[code] : undefined;
    if (hint) p.hint = hint;
    return p;
  });
}

function documentProblem(source: SourceText, offset: number, message: string, hint: string): Problem {
  const pos = source.position(offset);
  return { severity: 'error', path: '', line: pos.line, col: pos.col, message, hint };
}

/**
 * Load a document. Never throws: whatever the text, the result is a list of located problems and, when none is
 * an error, the model. A failure inside the checker itself is reported as a problem (`INTERNAL_PROBLEM`).
 */
export function loadConfigText(text: string, file: string, opts: LoadOptions): LoadResult {
  countValidation();
  const source = new SourceText(file, text);
  try {
    return checkText(source, file, opts);
  } catch (e) {
    return { file, source, ...variantOf(undefined, opts), problems: [{ severity: 'error', path: '', line: 1, col: 1, message: `${INTERNAL_PROBLEM} (please report): ${e instanceof Error ? e.message : String(e)}` }] };
  }
}

/**
 * Where a document shows it is not text: a NUL character, or, in its first 4,096 characters, a tenth of them
 * control characters or bytes that were not UTF-8 (decoded as U+FFFD). A config with a stray control character
 * or one wrong byte is still text, and gets its located syntax error as before.
 */
export function binaryAt(text: string): { at: number; message: string; hint: string } | undefined {
  const notText = (at: number, why: string) => ({ at, message: `this is not text but a binary file (${why})`, hint: 'is this the right file? A bar config is JSON text, a few kilobytes' });
  const nul = text.indexOf('\u0000');
  // UTF-16 (what Windows Notepad long saved as "Unicode"): every other byte of ASCII text is a NUL.
  const sample = text.slice(0, 64);
  if (nul >= 0 && nul < 4 && [...sample].filter((c) => c === '\u0000').length * 3 >= sample.length) {
    return { at: 0, message: 'this is UTF-16 text; a bar config is read as UTF-8', hint: 'save the file again with the UTF-8 encoding (in Notepad: Save As, Encoding: UTF-8)' };
  }
  if (nul >= 0) return notText(nul, 'it holds NUL bytes');
  const head = text.slice(0, 4096);
  let odd = 0;
  let first = -1;
  for (let i = 0; i < head.length; i++) {
    const c = head.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c) || c === 0x7f || c === 0xfffd) {
      odd++;
      if (first < 0) first = i;
    }
  }
  return head.length >= 16 && odd * 10 >= head.length ? notText(first, 'a tenth of its bytes or more are not UTF-8 text') : undefined;
}

/** The hint of a problem zod found after the walker accepted the document: a gap in the walker (unlocated). */
export const WALKER_GAP_HINT = "tilebar's checker missed where this is; please report it";

/** The message of a problem that is a bug in the checker, not in the document (the fuzz tests look for it). */
export const INTERNAL_PROBLEM = 'tilebar could not check this document';

function checkText(source: SourceText, file: string, opts: LoadOptions): LoadResult {
  if (source.text.length > MAX_CONFIG_BYTES) {
    const { variant, variantSource } = variantOf(undefined, opts);
    return {
      file, source, variant, variantSource,
      problems: [documentProblem(source, 0, `the document is ${megabytes(source.text.length)}; a bar config is at most ${megabytes(MAX_CONFIG_BYTES)}`, 'is this the right file? A bar config is a few kilobytes')],
    };
  }
  const binary = binaryAt(source.text);
  if (binary !== undefined) {
    const { variant, variantSource } = variantOf(undefined, opts);
    return {
      file, source, variant, variantSource,
      problems: [documentProblem(source, binary.at, binary.message, binary.hint)],
    };
  }
  const deep = tooDeepAt(source.text, MAX_CONFIG_DEPTH);
  if (deep !== undefined) {
    const { variant, variantSource } = variantOf(undefined, opts);
    return {
      file, source, variant, variantSource,
      problems: [documentProblem(source, deep, `objects and arrays nested more than ${MAX_CONFIG_DEPTH} deep`, 'a bar config nests a few levels at most: is a closing bracket missing, or is this not a bar config?')],
    };
  }
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
  const schema = barSchema(variant, opts.kinds);
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
      problems.push({ severity: 'error', path: formatPath(issue.path as (string | number)[]), line: 1, col: 1, message: issue.message, hint: WALKER_GAP_HINT });
    }
    return result;
  }
  result.model = normalise(parsed.data, variant, opts.kinds);
  return result;
}

function megabytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / (1024 * 1024)).toFixed(1)} MiB` : `${Math.ceil(n / 1024)} KiB`;
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

export { MAX_CONFIG_BYTES, MAX_CONFIG_DEPTH };
