/**
 * What a widget shows, as data: units (each framed and spaced on its own, as in the original) made of
 * segments with roles, and a state. The renderer turns roles into glyphs and colours; the threshold
 * debugger reads the same units, so both agree.
 */
import type { Hex } from '../src/config/model.js';
import type { LabelPrefix } from '../src/config/schema/common.js';
import { explainCheck, type RuleCheck } from '../src/thresholds/rules.js';
import type { SocketMessage } from '../src/config/schema/socket-message.js';
import type { IconName } from './icons.js';
import type { MediaCommand } from '../src/media/player.js';

export type Segment =
  /** `dim`: an element that is there but inert now (a media control the player disables). */
  | ({ role: 'icon'; icon: IconName; tone?: 'dim' } & Interactive)
  /** The prefix word (`CPU: `), a value (`12`), its unit (`%`, `KiB/s`), or plain text. */
  | ({ role: 'label' | 'value' | 'unit' | 'text'; text: string; tone?: 'dim' } & Interactive)
  /** An application's stand-in icon (its initial): drawn in the icon colour. */
  | ({ role: 'glyph'; text: string } & Interactive)
  /** Glyphs on one or more rows (binary clocks): lit cells in the accent colour, unlit ones dim. */
  | { role: 'grid'; lines: GridCell[][] };

/** What a click on a segment does; segments of one element share it. */
export type ClickAction =
  | { kind: 'messages'; messages: SocketMessage[] }
  | { kind: 'toggle-layout-picker' }
  /**
   * Run an Applications item's command; `id` keys its launch cooldown. `showCommand`: the item shows its command
   * while the pointer is over it (`show_command_on_hover`).
   */
  | { kind: 'launch'; id: string; command: string; showCommand?: boolean }
  /** Control the media player shown. */
  | { kind: 'media'; command: MediaCommand };

export interface Interactive {
  /** The element is the selected one (focused workspace, current layout, focused window). */
  selected?: boolean;
  action?: ClickAction;
}

export interface GridCell {
  text: string;
  lit: boolean;
}

export type UnitState = 'normal' | 'selected' | 'hidden' | 'error';

export interface UnitView {
  /** Stable within the widget: `cpu`, `disk:/home`, `network:received`. */
  id: string;
  /** What the debugger calls it: `Cpu`, `Storage /home`, `Network received`. */
  name: string;
  segments: Segment[];
  state: UnitState;
  /** Why the state is what it is, in words: `93 >= auto_select_over 90`, `no battery`. */
  why?: string;
  /** The measured value as the rules see it, and as shown (`93 %`, `2.0 MiB/s`). */
  value?: number;
  valueText?: string;
  checks: RuleCheck[];
  /** The source's last failure, when the state is error (the segments then show the last good reading). */
  error?: string;
  /**
   * It shows an open menu (the layout picker): a host that cuts a line too long for it (i3bar, swaybar) shows
   * this unit's widget alone while it is open (i3bar.ts, `menuOverlay`).
   */
  menuOpen?: boolean;
}

/** A source's latest reading and failure, as the bar keeps them: the last good value survives errors. */
export interface SourceStatus<T> {
  reading?: T;
  error?: string;
}

export const showsIcon = (p: LabelPrefix) => p === 'Icon' || p === 'IconAndText';
export const showsText = (p: LabelPrefix) => p === 'Text' || p === 'IconAndText';

/** Icon and prefix word per the label_prefix, then the rest. */
export function prefixed(prefix: LabelPrefix, icon: IconName, word: string, rest: Segment[]): Segment[] {
  return [
    ...(showsIcon(prefix) ? [{ role: 'icon', icon } as const] : []),
    ...(showsText(prefix) && word ? [{ role: 'label', text: word } as const] : []),
    ...rest,
  ];
}

/**
 * The state from the rule checks: a source failure first, then hidden before selected; `why` names the
 * deciding comparison, or every unmet one when the unit is normal.
 */
export function decide(checks: readonly RuleCheck[], error: string | undefined, format?: (n: number) => string): { state: UnitState; why?: string } {
  if (error) return { state: 'error', why: error };
  const met = (effect: 'hidden' | 'selected') => checks.find((c) => c.met && c.rule.effect === effect);
  const hidden = met('hidden');
  if (hidden) return { state: 'hidden', why: explainCheck(hidden, format) };
  const selected = met('selected');
  if (selected) return { state: 'selected', why: explainCheck(selected, format) };
  return checks.length > 0 ? { state: 'normal', why: checks.map((c) => explainCheck(c, format)).join('; ') } : { state: 'normal' };
}

/** The plain text of segments, icons left out: what tests and the debugger compare. */
export function segmentText(segments: readonly Segment[]): string {
  return segments.map((s) => (s.role === 'icon' ? '' : s.role === 'grid' ? gridText(s.lines) : s.text)).join('');
}

export function gridText(lines: readonly GridCell[][]): string {
  return lines.map((l) => l.map((c) => c.text).join('')).join('\n');
}

/** Which part of the bar a unit sits in. */
export type SectionName = 'left' | 'center' | 'right';

export interface Run {
  text: string;
  fg?: Hex;
  bg?: Hex;
  bold?: boolean;
  /**
   * A selected unit or element (a threshold's auto-select, the focused workspace): its fill shows it in colour;
   * without colour the writer draws it in reverse video instead, so it still stands out.
   */
  inverse?: boolean;
  section?: SectionName;
  /** Which unit the run belongs to (`right[3] cpu`), for components and hit-testing. */
  unit?: string;
  /** The unit's widget kind (`Cpu`): which component draws it. */
  kind?: string;
  /** Which group frame it belongs to. */
  group?: string;
  /** What a click here does. */
  action?: ClickAction;
}

/** What a kind's own component (`component` in kind.ts) is given: the runs of its unit, as laid out. */
export interface RunsProps {
  runs: readonly Run[];
}
