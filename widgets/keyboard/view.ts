/**
 * Keyboard widget's view (pure): the active layout, `KB: de` by the label prefix rules (KEYBOARD icon,
 * `KB: ` word); `Error` when a source that had answered fails, as the original. Not clickable, and never
 * hidden once a layout is known; hidden until the source's first answer, and where there is no source.
 */
import type { KeyboardStatus } from '../../src/keyboard/status.js';
import type { KeyboardConfig } from './schema.js';
import { prefixed, type UnitView } from '../view.js';

export function keyboardView(config: Pick<KeyboardConfig, 'label_prefix'>, status: KeyboardStatus | undefined): UnitView[] {
  const base = { id: 'keyboard', name: 'Keyboard', checks: [] };
  if (status?.error !== undefined) return [{ ...base, segments: prefixed(config.label_prefix, 'KEYBOARD', 'KB: ', [{ role: 'value', text: 'Error' }]), state: 'error', why: status.error, error: status.error }];
  if (status?.unavailable !== undefined) return [{ ...base, segments: [], state: 'hidden', why: status.unavailable }];
  if (!status?.layout) return [{ ...base, segments: [], state: 'hidden', why: 'waiting for the keyboard layout' }];
  return [{ ...base, segments: prefixed(config.label_prefix, 'KEYBOARD', 'KB: ', [{ role: 'value', text: status.layout }]), state: 'normal', why: `layout ${status.layout}`, valueText: status.layout }];
}
