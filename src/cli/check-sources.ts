/**
 * `tilebar check` on this machine: a widget whose kind would have no source here (Media, Keyboard) is a warning
 * at the widget, saying what it would need (a config is often written on one machine and used on another, so
 * this is never an error). Each kind says what it needs (`WidgetKind.unavailable`).
 */
import { findNodeAtLocation, getNodeValue, type Node } from 'jsonc-parser';
import type { LoadResult } from '../config/load.js';
import type { Problem } from '../config/problem.js';
import type { Machine } from '../../widgets/kind.js';
import type { WidgetRegistry } from '../../widgets/registry.js';

const LISTS = ['left_widgets', 'center_widgets', 'right_widgets'] as const;

export async function sourceWarnings(result: LoadResult, widgets: WidgetRegistry, machine: Machine): Promise<Problem[]> {
  if (!result.model || !result.tree) return [];
  const problems: Problem[] = [];
  // Asked once per kind, however many widgets of it the file has.
  const asked = new Map<string, Promise<string | undefined>>();
  for (const list of LISTS) {
    const array = findNodeAtLocation(result.tree, [list]);
    if (array?.type !== 'array') continue;
    for (const [i, entry] of (array.children ?? []).entries()) {
      const prop = entry.type === 'object' ? entry.children?.[0] : undefined;
      const key: Node | undefined = prop?.children?.[0];
      const name: unknown = key?.value;
      const kind = typeof name === 'string' ? widgets.kind(name) : undefined;
      if (!kind?.unavailable || !key || !prop) continue;
      const config = prop.children?.[1];
      const enabled = config ? (getNodeValue(config) as { enable?: unknown } | undefined)?.enable === true : false;
      if (!enabled) continue;
      let why = asked.get(kind.name);
      if (!why) asked.set(kind.name, (why = kind.unavailable(machine)));
      const problem = await why;
      if (!problem) continue;
      const at = result.source.position(key.offset);
      problems.push({ severity: 'warning', path: `${list}[${i}].${String(name)}`, line: at.line, col: at.col, message: `on this machine: ${problem}` });
    }
  }
  return problems;
}
