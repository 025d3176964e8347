/** The shape of one generated Base16 palette entry (see base16-data.ts). */
import type { Hex } from '../src/colour/rgb.js';

export interface Base16PaletteData {
  /** The scheme's display name upstream, e.g. "Gruvbox dark, hard". */
  title: string;
  author: string;
  /** The upstream file slug, `base16/<scheme>.yaml`. */
  scheme: string;
  variant: 'dark' | 'light';
  /** The real name, where the spec substitutes a neutral word (`Github` for `Forge`). */
  realName?: string;
  /** base00 … base0F. */
  colours: readonly [Hex, Hex, Hex, Hex, Hex, Hex, Hex, Hex, Hex, Hex, Hex, Hex, Hex, Hex, Hex, Hex];
}
