/**
 * Whether a bar's config names a command: the core runs a launch a front end asks for only then. A front end is
 * the user's own process that proved it holds the core's key, but it draws from a model the core sent it and
 * sends back only what a click on that model asks for; a launch of anything else is a front end that is broken or
 * not what it seems, and the core runs nothing for it.
 */
import type { BarModel } from '../config/model.js';

/** The commands of every Applications item of the model (enabled or not: a reload may have just changed that). */
export function configNamesLaunch(model: BarModel, command: string): boolean {
  for (const widget of [...model.left, ...model.center, ...model.right]) {
    if (widget.kind !== 'Applications') continue;
    const items = (widget.config as { items?: unknown }).items;
    if (!Array.isArray(items)) continue;
    for (const item of items) if (typeof item === 'object' && item !== null && (item as { command?: unknown }).command === command) return true;
  }
  return false;
}
