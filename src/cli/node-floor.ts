/**
 * The Node lines tilebar runs on: 22 from 22.12, 24 and 26. 22.12 is where `require()` of ES modules needs no flag
 * and the first 22 its tools (vitest 5) accept; Node 20 reached end of life on 2026-04-30. package.json's `engines`
 * and scripts/supported-node.mjs say the same (test/package/engines.test.ts keeps them in step).
 */
export const NODE_FLOOR = '22.12.0';
export const SUPPORTED_LINES = ['22', '24', '26'] as const;

const numbers = (version: string): number[] => version.replace(/^v/, '').split('.').map((n) => Number.parseInt(n, 10) || 0);

/** Whether a Node version ("v24.21.0" or "24.21.0") is at or above the floor. */
export function isSupportedNode(version: string): boolean {
  const [major = 0, minor = 0] = numbers(version);
  const [floorMajor = 0, floorMinor = 0] = numbers(NODE_FLOOR);
  return major > floorMajor || (major === floorMajor && minor >= floorMinor);
}

/** What tilebar runs on, in the words `--version` and `check` use. */
export const SUPPORTED_WORDS = `Node ${NODE_FLOOR.replace(/\.0$/, '')} or newer (the lines ${SUPPORTED_LINES.slice(0, -1).join(', ')} and ${SUPPORTED_LINES.at(-1)})`;

/** The one line an older Node gets, naming the Node found and where; undefined on a supported one. */
export function oldNodeRefusal(version: string, execPath: string): string | undefined {
  if (isSupportedNode(version)) return undefined;
  return `tilebar: needs ${SUPPORTED_WORDS}; this is Node ${version.replace(/^v?/, 'v')} (${execPath})\n`;
}

/** `--version`'s second line: the Node this is, and what tilebar runs on. */
export function runtimeLine(version: string, platform: string, arch: string): string {
  return `Node ${version} (${platform} ${arch}); tilebar runs on ${SUPPORTED_WORDS}`;
}
