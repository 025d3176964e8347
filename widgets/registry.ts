/** Every widget kind of the format: its config schema and the variants it exists in. */
import type * as z from 'zod';
import type { Variant } from '../src/config/variant.js';
import { applicationsConfig } from './applications.js';
import { batteryConfig } from './battery.js';
import { cpuConfig } from './cpu.js';
import { dateConfig } from './date.js';
import { keyboardConfig } from './keyboard.js';
import { mediaConfig } from './media.js';
import { memoryConfig } from './memory.js';
import { networkConfig } from './network.js';
import { storageConfig } from './storage.js';
import { tilerConfig } from './tiler.js';
import { timeConfig } from './time.js';
import { updateConfig } from './update.js';

export const WIDGET_KINDS = {
  Applications: { config: applicationsConfig, variants: ['A', 'B'] },
  Battery: { config: batteryConfig, variants: ['A', 'B'] },
  Cpu: { config: cpuConfig, variants: ['A', 'B'] },
  Date: { config: dateConfig, variants: ['A', 'B'] },
  Keyboard: { config: keyboardConfig, variants: ['A'] },
  Tiler: { config: tilerConfig, variants: ['A', 'B'] },
  Media: { config: mediaConfig, variants: ['A'] },
  Memory: { config: memoryConfig, variants: ['A', 'B'] },
  Network: { config: networkConfig, variants: ['A', 'B'] },
  Storage: { config: storageConfig, variants: ['A', 'B'] },
  Time: { config: timeConfig, variants: ['A', 'B'] },
  Update: { config: updateConfig, variants: ['A', 'B'] },
} as const satisfies Record<string, { config: () => z.ZodType; variants: readonly Variant[] }>;

export type WidgetKind = keyof typeof WIDGET_KINDS;
export type WidgetConfigOf<K extends WidgetKind> = z.output<ReturnType<(typeof WIDGET_KINDS)[K]['config']>>;

/** `Tiler` is spelled `Komorebi` in real files. */
export const WIDGET_KIND_ALIASES = { Komorebi: 'Tiler' } as const;

/** Kinds newer than the spec that only make sense in a GUI: accepted with a warning, not shown. */
export const SKIPPED_WIDGET_KINDS: Readonly<Record<string, string>> = {
  Systray: 'the Systray widget needs a graphical tray and is skipped in a terminal bar',
};
