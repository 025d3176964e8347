// Node's flags of the `tilebar` command, read from its #! line, for scripts that start the bundle with
// `node` themselves (npm start, the profile bench): one place says what they are (src/cli/main.ts).
import { readFileSync } from 'node:fs';

export function commandNodeFlags(mainJs) {
  const first = readFileSync(mainJs, 'utf8').split('\n', 1)[0] ?? '';
  const m = /^#!.*\bnode\b(.*)$/.exec(first);
  return m ? m[1].trim().split(/\s+/).filter(Boolean) : [];
}
