/**
 * The `--monitor <n>` option, alone: program.ts builds every command's options at start, so this module loads
 * nothing but commander (what the option does is in monitor-config.ts, loaded by the command that runs).
 */
import { Option } from 'commander';
import { UsageError } from './io.js';

/** The largest monitor number taken: far past any desk, and short of what a typo of a longer number gives. */
export const MAX_MONITOR = 999;

export const monitorOption = () =>
  new Option('--monitor <n>', "the bar of monitor N (komorebi's number, from 0): the config komorebi.json's bar_configurations lists for it; with --config, that config as monitor N's bar").argParser(
    (v: string): number => {
      const n = /^\d{1,3}$/.test(v) ? Number(v) : Number.NaN;
      if (!(n >= 0 && n <= MAX_MONITOR)) throw new UsageError(`--monitor must be a whole number from 0 to ${MAX_MONITOR}, not "${v}"`);
      return n;
    },
  );
