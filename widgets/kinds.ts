/**
 * The widget kinds of the bar: one line each. A kind is its folder (`widgets/<kind>/`: schema, view, source
 * binding, simulation, tests); everything else — the validator's tables, the model cache's check, the poller's
 * bindings, `thresholds`, `preview --set`, the components, the help — derives from this list through the
 * registry (docs/development.md: adding a kind).
 */
import { applications } from './applications/index.js';
import { battery } from './battery/index.js';
import { cpu } from './cpu/index.js';
import { date } from './date/index.js';
import { keyboard } from './keyboard/index.js';
import { media } from './media/index.js';
import { memory } from './memory/index.js';
import { network } from './network/index.js';
import { storage } from './storage/index.js';
import { tiler } from './tiler/index.js';
import { time } from './time/index.js';
import { update } from './update/index.js';
import { widgetRegistry } from './registry.js';

export const BUILTIN_KINDS = [applications, battery, cpu, date, keyboard, tiler, media, memory, network, storage, time, update];

/** The bar's own registry: what the commands pass in where no other is given. */
export const BUILTIN_WIDGETS = widgetRegistry(BUILTIN_KINDS);
