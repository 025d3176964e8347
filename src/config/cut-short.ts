/**
 * Whether a config's text looks cut short: what a file shows while it is being written, between its truncation
 * and its last write (`cp` over it opens it with O_TRUNC, then writes). Empty (nothing but white space and a
 * byte-order mark), or a JSON text (comments allowed) that ends inside a string or a block comment, or with an
 * object or array still open. A text that is whole but wrong is not cut short. One pass over the text.
 */
export function looksCutShort(text: string): boolean {
  const n = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let depth = 0;
  let seen = false;
  while (i < n) {
    const c = text[i];
    if (c === '"') {
      seen = true;
      i++;
      while (i < n && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      if (i >= n) return true;
      i++;
    } else if (c === '/' && i === n - 1) {
      // The first half of a comment's start.
      return true;
    } else if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? n : end + 1;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) return true;
      i = end + 2;
    } else {
      if (c === '{' || c === '[') depth++;
      else if ((c === '}' || c === ']') && depth > 0) depth--;
      if (c !== ' ' && c !== '\n' && c !== '\r' && c !== '\t') seen = true;
      i++;
    }
  }
  return !seen || depth > 0;
}
