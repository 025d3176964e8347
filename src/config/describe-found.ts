/** How a problem names the JSON value it found: `an array of 2 items`, `"Gruvbox"`, `3`. */
import type { Node } from 'jsonc-parser';
import { quote } from '../text/safe-text.js';

export function describeFound(node: Node): string {
  switch (node.type) {
    case 'object': {
      const keys = (node.children ?? []).map((p) => String(p.children?.[0]?.value));
      if (keys.length === 0) return 'an empty object';
      const shown = keys.slice(0, 6).map((k) => quote(k, 32)).join(', ');
      return `an object with ${keys.length === 1 ? 'key' : 'keys'} ${shown}${keys.length > 6 ? ` and ${keys.length - 6} more` : ''}`;
    }
    case 'array':
      return `an array of ${(node.children ?? []).length} item${(node.children ?? []).length === 1 ? '' : 's'}`;
    case 'string':
      return quote(String(node.value));
    case 'number':
      // `1e400` reads as Infinity: say what it is rather than a value the file does not contain.
      return Number.isFinite(node.value) ? String(node.value) : 'a number too large to represent';
    default:
      return String(node.value);
  }
}
