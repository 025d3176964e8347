/**
 * The normalised bar model: what every later stage reads. No aliases, no optional spacing forms,
 * no pixels-as-written choices left open: every default of the spec is applied here or in the
 * schema (zod `.default`), once.
 */
import type { Hex } from '../colour/rgb.js';
import type { Base16Name, Base16Value, PastelFlavour, PastelValue } from './names.js';
import type { WidgetConfig } from './widget-kinds.js';
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

/**
 * A widget of the model: its canonical kind and its config as that kind normalised it. The config core knows no
 * kind's shape (it is handed the kinds, widget-kinds.ts); each kind's own code reads its config (`widgets/<kind>/`).
 */
export interface WidgetModel {
  kind: string;
  config: WidgetConfig;
}

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
