/**
 * `tilebar` with nothing after it. In a terminal it starts the bar, as `waybar` or `polybar` alone start theirs;
 * anywhere else (a pipe, a script, a CI log) nothing would show a bar, so it prints the help on standard output and
 * exits 0, as `--help` does. Decided first, by the launcher and the ES module entry alike, so that the signals held
 * for a long-running command are held for this one too.
 */
export function commandLineOf(args: readonly string[], terminal: () => { stdin: boolean; stdout: boolean }): readonly string[] {
  if (args.length > 0) return args;
  const { stdin, stdout } = terminal();
  return stdin && stdout ? ['run'] : ['--help'];
}

/**
 * This process's arguments after `tilebar`, with a bare command decided as above. Its standard streams are looked at
 * only for a bare command: process.stdin made for a pipe or a file brings Node's file streams, promises and readline
 * with it, which `--version` and the one-shot commands otherwise never load (bench/oneshot.mjs).
 */
export const processCommandLine = (): readonly string[] =>
  commandLineOf(process.argv.slice(2), () => ({ stdin: process.stdin.isTTY === true, stdout: process.stdout.isTTY === true }));
