/**
 * The normalised bar model: what every later stage reads. No aliases, no optional spacing forms,
 * no pixels-as-written choices left open: every default of the spec is applied here or in the
 * schema (zod `.default`), once.
 */
import type { TilerLayout } from './vocabulary.js';
import type { Hex } from '../colour/rgb.js';
import type { Base16Name, Base16Value, PastelFlavour, PastelValue } from './names.js';
import type { DisplayFormat, WorkspacesDisplayFormat } from './schema/common.js';
import type { WidgetEntry } from './schema/bar.js';
import type { GROUPING_STYLES } from './vocabulary.js';
import type { MouseTrigger } from './schema/mouse.js';
import type { SocketMessage } from './schema/socket-message.js';
import type { Variant } from './variant.js';

export interface Sides {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface Point {
  x: number;
  y: number;
}

export type GroupingStyle = (typeof GROUPING_STYLES)[number];

export type GroupingModel =
  | { kind: 'None' }
  | {
      kind: 'Bar' | 'Alignment' | 'Widget';
      /** Corner radii [nw, ne, sw, se] in pixels. */
      rounding: [number, number, number, number];
      style: GroupingStyle;
      transparencyAlpha: number;
    };

/** `#rrggbb`, lower case. */
export type { Hex };

export type ThemeModel =
  | {
      family: 'Pastel';
      name: PastelFlavour;
      accent: PastelValue;
      autoSelectFill?: PastelValue;
      autoSelectText?: PastelValue;
    }
  | {
      family: 'Base16';
      name: Base16Name;
      accent: Base16Value;
      autoSelectFill?: Base16Value;
      autoSelectText?: Base16Value;
    }
  | {
      family: 'Custom';
      colours: Record<Base16Value, Hex>;
      accent: Base16Value;
      autoSelectFill?: Base16Value;
      autoSelectText?: Base16Value;
    };

export type MouseAction =
  | { kind: 'command'; command: string }
  | { kind: 'message'; message: SocketMessage; focusMonitorAtCursor: boolean; ignoreMouseFollowsFocus: boolean };

export interface MouseModel {
  /** Points per tick, clamped to 10–300 as the original does. */
  horizontalScrollThreshold: number;
  verticalScrollThreshold: number;
  bindings: Partial<Record<MouseTrigger, MouseAction>>;
}

export type DateFormatModel =
  | { kind: 'preset'; name: 'MonthDateYear' | 'YearMonthDate' | 'DateMonthYear' | 'DayDateMonthYear' }
  | { kind: 'custom'; format: string; modifiers: Record<string, number> };

export type TimeFormatModel =
  | {
      kind: 'preset';
      name:
        | 'TwelveHour'
        | 'TwelveHourWithoutSeconds'
        | 'TwentyFourHour'
        | 'TwentyFourHourWithoutSeconds'
        | 'BinaryCircle'
        | 'BinaryRectangle';
    }
  | { kind: 'custom'; format: string };

type Entry<K extends WidgetEntry['kind']> = Extract<WidgetEntry, { kind: K }>;

/** Tiler sub-widgets with their display formats resolved (deprecated `show_icon` applied). */
export interface TilerModel {
  workspaces?: { enable: boolean; hideEmptyWorkspaces: boolean; display: WorkspacesDisplayFormat };
  layout?: { enable: boolean; display: DisplayFormat; options: TilerLayout[] };
  focusedContainer?: { enable: boolean; display: DisplayFormat };
  lockedContainer?: { enable: boolean; display: DisplayFormat; showWhenUnlocked: boolean };
  workspaceLayer?: { enable: boolean; display: DisplayFormat; showWhenTiling: boolean };
  configurationSwitcher?: { enable: boolean; configurations: Array<{ name: string; path: string }> };
}

export type WidgetModel =
  | Entry<'Applications'>
  | Entry<'Battery'>
  | Entry<'Cpu'>
  | Entry<'Memory'>
  | Entry<'Network'>
  | Entry<'Storage'>
  | Entry<'Update'>
  | Entry<'Keyboard'>
  | Entry<'Media'>
  | { kind: 'Date'; config: Omit<Entry<'Date'>['config'], 'format'> & { format: DateFormatModel } }
  | { kind: 'Time'; config: Omit<Entry<'Time'>['config'], 'format'> & { format: TimeFormatModel } }
  | { kind: 'Tiler'; config: TilerModel };

export type WidgetModelKind = WidgetModel['kind'];

export interface BarModel {
  variant: Variant;
  left: WidgetModel[];
  center: WidgetModel[];
  right: WidgetModel[];
  fontFamily?: string;
  fontSize: number;
  height: number;
  /** Clamped to 1.0–2.0. */
  iconScale: number;
  margin: Sides;
  padding: Sides;
  maxLabelWidth: number;
  monitor: { index: number; workAreaOffset?: Sides };
  mouse?: MouseModel;
  position: { start?: Point; end?: Point };
  theme?: ThemeModel;
  transparencyAlpha: number;
  widgetSpacing: number;
  grouping: GroupingModel;
}
