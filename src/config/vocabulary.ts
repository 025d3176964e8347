/**
 * The format's closed lists of names, as data with no schema attached: the zod schemas (schema/*.ts) build on
 * them, and code that must know them without loading zod — the check of a cached model before the first
 * frame — reads them here.
 */

export const LABEL_PREFIXES = ['None', 'Icon', 'Text', 'IconAndText'] as const;

export const DISPLAY_FORMATS = ['Icon', 'Text', 'TextAndIconOnSelected', 'IconAndText', 'IconAndTextOnSelected'] as const;

export const WORKSPACES_DISPLAY_FORMATS = ['AllIcons', 'AllIconsAndText', 'AllIconsAndTextOnSelected', ...DISPLAY_FORMATS] as const;

export const DEFAULT_LAYOUTS = [
  'BSP',
  'Columns',
  'Rows',
  'VerticalStack',
  'HorizontalStack',
  'UltrawideVerticalStack',
  'Grid',
  'RightMainVerticalStack',
  'Scrolling',
] as const;

export const GROUPING_STYLES = [
  'Default',
  'DefaultWithShadowB4O1S3',
  'DefaultWithShadowB4O0S3',
  'DefaultWithShadowB0O1S3',
  'DefaultWithGlowB3O1S2',
  'DefaultWithGlowB3O0S2',
  'DefaultWithGlowB0O1S2',
] as const;

/** The 9 triggers a binding can hang on (there is no single primary click binding). */
export const MOUSE_TRIGGERS = [
  'on_primary_double_click',
  'on_secondary_click',
  'on_middle_click',
  'on_extra1_click',
  'on_extra2_click',
  'on_scroll_up',
  'on_scroll_down',
  'on_scroll_left',
  'on_scroll_right',
] as const;

// The window manager's layouts: the Tiler widget's schema and view and the managers' translations share them.

/** Every layout a window manager can report or be asked for. */
export const TILER_LAYOUTS = [...DEFAULT_LAYOUTS, 'Monocle', 'Floating', 'Paused', 'Custom'] as const;
export type TilerLayout = (typeof TILER_LAYOUTS)[number];
