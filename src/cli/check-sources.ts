/**
 * `tilebar check` on this machine: a Media or Keyboard widget that would have no source here is a warning at
 * the widget, saying what it would need (a config is often written on one machine and used on another, so
 * this is never an error).
 */
import { existsSync } from 'node:fs';
import { findNodeAtLocation, getNodeValue, type Node } from 'jsonc-parser';
import type { LoadResult } from '../config/load.js';
import type { Problem } from '../config/problem.js';
import { keyboardSourceFor, onPath, SYSTEMD_MARKER } from '../keyboard/detect.js';
import { mediaUnavailable } from '../bar/media-source.js';

const LISTS = ['left_widgets', 'center_widgets', 'right_widgets'] as const;

export function sourceWarnings(result: LoadResult, platform: NodeJS.Platform, env: Readonly<Record<string, string | undefined>>, exists: (path: string) => boolean = existsSync): Problem[] {
  if (!result.model || !result.tree) return [];
  const problems: Problem[] = [];
  const why = {
    Media: () => mediaUnavailable(platform, env, exists),
    Keyboard: () => {
      const s = keyboardSourceFor(platform, env, (name) => onPath(env, exists, name, platform), exists(SYSTEMD_MARKER));
      return s.driver ? undefined : s.problem;
    },
  };
  for (const list of LISTS) {
    const array = findNodeAtLocation(result.tree, [list]);
    if (array?.type !== 'array') continue;
    (array.children ?? []).forEach((entry: Node, i) => {
      const prop = entry.type === 'object' ? entry.children?.[0] : undefined;
      const key = prop?.children?.[0];
      const kind: unknown = key?.value;
      if ((kind !== 'Media' && kind !== 'Keyboard') || !key || !prop) return;
      const config = prop.children?.[1];
      const enabled = config ? (getNodeValue(config) as { enable?: unknown } | undefined)?.enable === true : false;
      const problem = enabled ? why[kind as 'Media' | 'Keyboard']() : undefined;
      if (!problem) return;
      const at = result.source.position(key.offset);
      problems.push({ severity: 'warning', path: `${list}[${i}].${kind}`, line: at.line, col: at.col, message: `on this machine: ${problem}` });
    });
  }
  return problems;
}
