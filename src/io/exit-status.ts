/** A command ended by a signal exits as a shell reports a process killed by it (128 + n): Ctrl-C is 130. */
export const SIGNAL_EXIT = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;
