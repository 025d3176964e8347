/**
 * How deep a JSONC text nests, found without parsing it: jsonc-parser's parser recurses, so a text nested past
 * a limit is refused before it is handed one. Kept apart from load.ts so readers that need no schema (komorebi's
 * `bar_configurations`, bar-configurations.ts) can use it without loading the validator.
 */
import { createScanner, SyntaxKind } from 'jsonc-parser';

/**
 * The offset where nesting first goes deeper than `maxDepth`, found with jsonc-parser's scanner, which reads
 * tokens in a loop (strings and comments included) where its parser would recurse; undefined when it never does.
 */
export function tooDeepAt(text: string, maxDepth: number): number | undefined {
  const scanner = createScanner(text, true);
  let depth = 0;
  for (let token = scanner.scan(); token !== SyntaxKind.EOF; token = scanner.scan()) {
    if (token === SyntaxKind.OpenBraceToken || token === SyntaxKind.OpenBracketToken) {
      if (++depth > maxDepth) return scanner.getTokenOffset();
    } else if (token === SyntaxKind.CloseBraceToken || token === SyntaxKind.CloseBracketToken) depth = Math.max(0, depth - 1);
  }
  return undefined;
}
