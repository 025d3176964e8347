/** How a command ends when its reader goes away or tilebar itself fails: the same for every entry. */

/**
 * A reader that goes away (`tilebar schema | head -1`) ends the command quietly and successfully, as for any
 * Unix filter; without this, Node prints an unhandled 'error' event and its stack. A command that listens for
 * its stream's errors itself (a feed, whose host closing our stdout is how it learns the host went) ends in its
 * own way instead: removing its click files and pipes, saying so in its log.
 */
export function endQuietlyOnEpipe(): void {
  for (const stream of [process.stdout, process.stderr]) {
    const onError = (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE' && stream.listeners('error').every((l) => l === onError)) process.exit(0);
    };
    stream.on('error', onError);
  }
}

/** A bug, not a user error: say so plainly, with the stack for the report. */
export function reportInternalError(e: unknown): void {
  process.stderr.write(`tilebar: internal error (please report): ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exitCode = 70;
}
