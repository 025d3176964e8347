/** Fields most widget configurations share. */
import * as z from 'zod';
import { checkStrftime, checkTimezone } from '../../time/format-checks.js';
import { percent, u64, withMeta } from '../schema-kit.js';
import { labelPrefix, type LabelPrefix } from './common.js';

/** Required by the format; a widget listed without it is meant to be shown, which is what `--fix` adds. */
export const enable = () => withMeta(z.boolean(), { fill: true });

/** Seconds between polls (hours for Update); 0 means every clock tick (1 s). */
export const refreshInterval = (defaultValue: number) => u64().default(defaultValue);

/** The spec leaves label_prefix defaults open; these are the original bar's per-widget defaults. */
export const prefix = (defaultValue: LabelPrefix) => labelPrefix().default(defaultValue);

/** Cpu and Memory share the spec's four properties: a percentage selected at or over a threshold. */
export const usageConfig = () =>
  z.strictObject({
    enable: enable(),
    /** Selected when the percentage is at or over this value. */
    auto_select_over: percent().optional(),
    data_refresh_interval: refreshInterval(10),
    label_prefix: prefix('IconAndText'),
  });

/** A strftime format: unknown specifiers are errors located inside the string. */
export const strftimeFormat = () => withMeta(z.string(), { expected: 'a strftime format string', checkString: checkStrftime });

/** An IANA time zone name; a wrong one is an error with did-you-mean. */
export const timezoneName = () => withMeta(z.string(), { expected: 'an IANA time zone name such as "Europe/London"', checkString: checkTimezone });
