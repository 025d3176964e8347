/**
 * V8's flags, set from inside the process (v8.setFlagsFromString) before anything they affect is compiled or
 * allocated, so that each command gets its own: `tilebar`'s #! line carries only what every command needs from
 * the start (node-launch-flags.ts).
 * Measured by bench/ (figures in bench/README.md):
 *
 * Every command that draws through Ink (run, preview) loads Yoga, Ink's layout engine, as WebAssembly:
 * - compiled lazily and by the baseline compiler only. Otherwise V8 tiers Yoga up with TurboFan on background
 *   threads, and a one-shot preview waited ~35 ms at exit for that compilation to finish; in the bar it was a
 *   ~5 MB peak of memory at start-up for no measurable difference in CPU.
 *
 * The long-running bar (`run`, and `feed`, its poller for other bars) only — each would slow or bloat nothing in a one-shot command, but none pays there:
 * - no growth of the young generation past its first 1 MB semi-space (`--max-semi-space-size=1` can only be given
 *   at start-up; a growth factor of 1 is the same bound set later): ~7 MB less resident memory;
 * - without V8's memory reducer, whose full collections once the bar goes quiet reclaimed under 1 MB for ~0.25 CPU s
 *   of the first minute. (Set here, after the isolate was made, it no longer stops the reducer: on Node 20 and 26
 *   `--trace-gc` shows its collections all the same, at ~8 s and ~30 s. `--optimize-for-size` is what made them
 *   frequent in a feed: cli/feed.ts.)
 * - without TurboFan for JavaScript, which kept compiling and discarding code that never runs hot: ~35 % less
 *   steady CPU through Ink, and ~5 MB less memory.
 * - without Maglev, V8's middle tier (on by default from Node 22; `--no-opt` leaves it on): it compiled the same
 *   functions on V8's worker threads minute after minute, code then thrown away. A quiet i3bar feed spent a
 *   quarter of its CPU there (perf: maglev::MaglevGraphBuilder on node-V8Worker; 75.6 → 58.4 ms/min over the
 *   same 45 s, all threads, Node 26).
 */
import { createRequire } from 'node:module';
import { isLongRunning } from '../io/run-end.js';

export const DRAWING_FLAGS = ['--wasm-lazy-compilation', '--liftoff-only'] as const;
export const LONG_RUNNING_FLAGS = ['--semi-space-growth-factor=1', '--no-memory-reducer', '--no-opt', '--no-maglev'] as const;

/** The flags for the command about to run (its name is the first argument that is not an option). */
export function flagsFor(argv: readonly string[]): readonly string[] {
  const command = argv.find((a) => !a.startsWith('-'));
  // A feed runs all day too, but draws nothing through Ink: no Yoga to compile.
  const drawing = command === 'run' || command === 'preview' ? DRAWING_FLAGS : [];
  // Which commands live on is said once, where their signals are held (run-end.ts).
  return [...drawing, ...(isLongRunning(argv) ? LONG_RUNNING_FLAGS : [])];
}

export function setV8Flags(argv: readonly string[]): void {
  const flags = flagsFor(argv);
  if (flags.length === 0) return;
  // node:v8 only where there are flags to set: loading it (with its heap and serialisation bindings) is ~2 ms of
  // every other command.
  const { setFlagsFromString } = createRequire(import.meta.url)('node:v8') as typeof import('node:v8');
  for (const flag of flags) setFlagsFromString(flag);
}
