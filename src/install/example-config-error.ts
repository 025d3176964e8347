/**
 * The executable's example config could be written neither into the cache folder nor into a temporary folder (a
 * read-only home and a TMPDIR that is not there; install/example-config.ts): the user's problem to solve, said
 * with a way out and exit 2 (cli/program.ts), never as tilebar's failure. A module of its own, importing nothing,
 * so the command line knows it without loading what writes the file.
 */
export class ExampleConfigUnwritable extends Error {}
