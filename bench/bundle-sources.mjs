// Where a frame of a profile (CPU or allocation) comes from: the package, or tilebar's own folder, of the code at
// that place in the bundle, mapped back through the bundle's source maps (bench/profile.mjs, bench/alloc-frame.mjs).
// Works for any checkout's dist/bundle: the map beside each chunk is read once.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SourceMapConsumer } from 'source-map-js';

const consumers = new Map();
function consumerFor(url) {
  if (!url.startsWith('file://') || !url.includes('/dist/bundle/')) return undefined;
  if (!consumers.has(url)) {
    try {
      consumers.set(url, new SourceMapConsumer(JSON.parse(readFileSync(`${fileURLToPath(url)}.map`, 'utf8'))));
    } catch {
      consumers.set(url, undefined);
    }
  }
  return consumers.get(url);
}
/** A profile's call frame → its original source position (undefined outside the bundle). */
export function originalPosition({ url, lineNumber, columnNumber }) {
  const c = url ? consumerFor(url) : undefined;
  return c?.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
}
/** A profile's call frame → the package (or tilebar folder) its code comes from. */
export function packageOf(frame) {
  const { url, functionName } = frame;
  if (!url) return functionName === '(garbage collector)' ? '(garbage collection)' : functionName === '(idle)' ? '(idle)' : functionName || '(native)';
  if (url.startsWith('node:')) return 'node (built in)';
  const pos = originalPosition(frame);
  if (!pos) return 'other';
  const source = pos.source ?? '';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)?.[1];
  if (pkg) return pkg;
  const own = /(?:^|\/)(src\/[^/]+|widgets|themes)\//.exec(source)?.[1];
  return own ? `tilebar ${own}` : 'tilebar';
}
