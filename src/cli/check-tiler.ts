/**
 * `tilebar check` and the window manager: which one `run` would talk to here, and — for a manager other than
 * komorebi on a Unix socket — what in the config does nothing there: each Tiler click (found by drawing the
 * widget on a stand-in state with the layout picker open, so it is exactly what the bar would send) and each
 * mouse binding whose message has no equivalent, as a warning at its place. A config travels between
 * machines, so this is never an error.
 */
import { existsSync } from 'node:fs';
import { findNodeAtLocation, type Node } from 'jsonc-parser';
import type { LoadResult } from '../config/load.js';
import type { Problem } from '../config/problem.js';
import type { SocketMessage } from '../config/schema/socket-message.js';
import { tilerDataDir } from '../tiler/client.js';
import { detectManager, type Detected } from '../tiler/detect.js';
import type { ManagerChoice } from '../tiler/manager.js';
import { managerNamed, type WindowManager } from '../tiler/managers.js';
import type { TilerState, TilerWindow } from '../tiler/state.js';
import { tilerView } from '../../widgets/tiler/view.js';
import type { TilerModel } from '../../widgets/tiler/model.js';

const LISTS = [
  ['left_widgets', 'left'],
  ['center_widgets', 'center'],
  ['right_widgets', 'right'],
] as const;

/** Which manager `run` would use here (without starting anything: i3 is not asked for its socket). */
export function managerForCheck(flag: string | undefined, env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform, managers?: readonly WindowManager[]): Promise<Detected> {
  return detectManager({ ...(flag !== undefined ? { flag } : {}), env, platform, exists: existsSync, komorebiDir: tilerDataDir(env, platform), ...(managers ? { managers } : {}) });
}

/** A state with something everywhere, shaped as `manager` would give it (komorebi's has no `manager`). */
function standIn(manager: ManagerChoice): TilerState {
  const other = manager === 'komorebi' || manager === 'none' ? undefined : manager;
  const win = (i: number): TilerWindow => ({ title: `window ${i}`, app: 'app', id: manager === 'hyprland' ? `0x${i + 1}` : i + 1 });
  const windows = [win(0), win(1)];
  const workspaces = [0, 1, 2].map((index) => ({ index, name: String(index + 1), id: index + 1, focused: index === 0, empty: false, focusedWindows: windows, allWindows: windows }));
  return { monitorIndex: 0, workspaces, focusedWorkspace: 0, layout: 'Columns', layer: 'Tiling', container: { windows, focusedIndex: 0, locked: false }, ...(other ? { manager: other } : {}) };
}

/** Every distinct message batch a Tiler widget's clicks can send, by sub-widget name. */
function clickBatches(cfg: TilerModel, state: TilerState): Array<{ unit: string; messages: SocketMessage[] }> {
  const out: Array<{ unit: string; messages: SocketMessage[] }> = [];
  for (const unit of tilerView(cfg, state, { pickerOpen: true, exists: () => true })) {
    for (const s of unit.segments) if ('action' in s && s.action?.kind === 'messages') out.push({ unit: unit.name, messages: s.action.messages });
  }
  return out;
}

export async function tilerWarnings(result: LoadResult, manager: ManagerChoice, platform: NodeJS.Platform, managers?: readonly WindowManager[]): Promise<Problem[]> {
  const wm = managerNamed(manager, managers);
  const translator = await wm?.translator(platform);
  if (!wm || !result.model || !result.tree || !translator) return [];
  const { model, tree } = result;
  const problems: Problem[] = [];
  const at = (node: Node | undefined, path: string, message: string) => {
    const key = node?.parent?.type === 'property' ? node.parent.children?.[0] : node;
    const pos = result.source.position(key?.offset ?? 0);
    problems.push({ severity: 'warning', path, line: pos.line, col: pos.col, message: `on ${translator.name}: ${message}` });
  };
  const state = standIn(manager);
  for (const [list, side] of LISTS) {
    model[side].forEach((w, i) => {
      if (w.kind !== 'Tiler') return;
      // The Tiler kind's `normalise` made this config (widgets/tiler/model.ts).
      const config = w.config as TilerModel;
      const node = findNodeAtLocation(tree, [list, i]);
      const entry = node?.type === 'object' ? node.children?.[0]?.children?.[1] : undefined;
      const kind = node?.type === 'object' ? String(node.children?.[0]?.children?.[0]?.value ?? 'Tiler') : 'Tiler';
      const path = `${list}[${i}].${kind}`;
      const seen = new Set<string>();
      for (const { unit, messages } of clickBatches(config, state)) {
        for (const why of translator.translate(messages, state).unsupported) {
          const text = `${unit}: a click sends ${why}; it does nothing there`;
          if (seen.has(text)) continue;
          seen.add(text);
          at(entry, path, text);
        }
      }
      if (!wm.features.containerLocks && config.lockedContainer?.enable) at(entry, `${path}.locked_container`, 'there are no container locks; locked_container is not shown');
      if (!wm.features.configurationSwitch && config.configurationSwitcher?.enable) at(entry, `${path}.configuration_switcher`, 'there is no configuration to replace; configuration_switcher is not shown');
    });
  }
  for (const [trigger, binding] of Object.entries(model.mouse?.bindings ?? {})) {
    if (binding?.kind !== 'message') continue;
    for (const why of translator.translate([binding.message], state).unsupported) at(findNodeAtLocation(tree, ['mouse', trigger]), `mouse.${trigger}`, `${why}; this binding does nothing there`);
  }
  return problems;
}
