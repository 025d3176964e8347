/** The frames drawn around groups of units (the config's `grouping`): caps, shade columns, their colours. */
import { BoundedCache } from '../io/bounded-cache.js';
import type { GroupingModel, GroupingStyle, Hex } from '../config/model.js';
import { blend } from '../colour/rgb.js';
import { DECORATIONS, ROUNDED_CAPS } from './icons.js';
import type { Frame, LayoutInput, Run, SectionName } from './bar-types.js';

export type { Frame };


/** Each style's shade column: which sides, blurred (`░`) or hard (`▌`), and shadow or glow. */
export const SHADE_STYLES: { readonly [K in GroupingStyle]: { sides: 'none' | 'right' | 'both'; glyph: 'blurred' | 'hard' | ''; glow: boolean } } = {
  Default: { sides: 'none', glyph: '', glow: false },
  DefaultWithShadowB4O1S3: { sides: 'right', glyph: 'blurred', glow: false },
  DefaultWithShadowB4O0S3: { sides: 'both', glyph: 'blurred', glow: false },
  DefaultWithShadowB0O1S3: { sides: 'right', glyph: 'hard', glow: false },
  DefaultWithGlowB3O1S2: { sides: 'right', glyph: 'blurred', glow: true },
  DefaultWithGlowB3O0S2: { sides: 'both', glyph: 'blurred', glow: true },
  DefaultWithGlowB0O1S2: { sides: 'right', glyph: 'hard', glow: true },
};

/**
 * A group's frame on the content row: rounded Powerline caps with Nerd Font glyphs and rounding > 0,
 * else a space of group colour on each side; on a bar of 3+ rows, `│` sides (the box is drawn around).
 * Shadow and glow styles add a shaded column outside the frame (right, or both sides for offset 0):
 * `░` for blurred styles, `▌` for blur 0, in black (shadow) or the accent (glow) blended over the bar.
 */
const frameCache = new WeakMap<LayoutInput, Map<string, Frame>>();
const cacheOf = (input: LayoutInput): Map<string, Frame> => {
  if (input.cache) return input.cache.frames;
  let cache = frameCache.get(input);
  if (!cache) {
    cache = new Map();
    frameCache.set(input, cache);
  }
  return cache;
};
/** Saves a colour blend per shaded frame column each frame; keyed by two colours, so a theme gives a handful. */
const shadeCache = new BoundedCache<string, Hex>({ maxEntries: 64 });

/** Black (shadow) or the accent (glow) at half strength over the bar; a handful of distinct values. */
function shadeColourOf(input: LayoutInput, glow: boolean, under: Hex): Hex {
  const over = glow ? input.theme.colours.accent : '#000000';
  const key = `${over}${under}`;
  let colour = shadeCache.get(key);
  if (!colour) {
    colour = blend(over, under, 0.5);
    shadeCache.set(key, colour);
  }
  return colour;
}

export function frameRuns(grouping: Exclude<GroupingModel, { kind: 'None' }>, input: LayoutInput, section: SectionName, group: string, boxed: boolean): Frame {
  const cache = cacheOf(input);
  const key = `${section}|${group}|${boxed}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const frame = makeFrame(grouping, input, section, group, boxed);
  cache.set(key, frame);
  return frame;
}

function makeFrame(grouping: Exclude<GroupingModel, { kind: 'None' }>, input: LayoutInput, section: SectionName, group: string, boxed: boolean): Frame {
  const barBg = input.backgrounds.bar;
  const groupBg = input.backgrounds.group ?? barBg;
  const under = barBg ?? input.backgrounds.terminal;
  const rounded = grouping.rounding.some((r) => r > 0);
  // A unit's own frame (Widget grouping: the group is the unit) belongs to the unit, so its caps can merge
  // with the unit's runs.
  const unit = grouping.kind === 'Widget' ? group : undefined;
  const cap = (text: string, fg: Hex | undefined, bg: Hex | undefined): Run => ({ text, fg, bg, section, group, ...(unit ? { unit } : {}) });
  let capL: Run;
  let capR: Run;
  if (boxed) {
    capL = cap(DECORATIONS[input.icons].box.v, input.theme.colours.border, groupBg);
    capR = cap(DECORATIONS[input.icons].box.v, input.theme.colours.border, groupBg);
  } else if (rounded && input.icons === 'nerd' && groupBg) {
    capL = cap(ROUNDED_CAPS.left, groupBg, barBg);
    capR = cap(ROUNDED_CAPS.right, groupBg, barBg);
  } else {
    capL = cap(' ', undefined, groupBg);
    capR = cap(' ', undefined, groupBg);
  }
  const shade = SHADE_STYLES[grouping.style];
  const shadeColour = shade.sides === 'none' ? under : shadeColourOf(input, shade.glow, under);
  const shadeRun = cap(shade.glyph ? DECORATIONS[input.icons].shade[shade.glyph] : '', shadeColour, barBg);
  return {
    left: [...(shade.sides === 'both' ? [shadeRun] : []), capL],
    right: [capR, ...(shade.sides !== 'none' ? [shadeRun] : [])],
  };
}
