/** Applications widget's view: a launcher row of buttons. No schema here (no zod). */
import type { ApplicationsConfig } from './schema.js';
import type { Segment, UnitView } from '../view.js';
import { APPLICATIONS_DISPLAY_FORMATS } from './formats.js';

export { APPLICATIONS_DISPLAY_FORMATS };


/**
 * The launcher's buttons, all in one unit. An item's `icon` is shown as text when it is a glyph (an image
 * path cannot be drawn in a terminal, so the name stands in); an item without one shows its name. A Nerd Font
 * glyph (private use) is a glyph only when the bar draws Nerd Font icons (`nerdGlyphs`); else the name shows.
 */
export function applicationsView(config: ApplicationsConfig, nerdGlyphs = true): UnitView[] {
  const items = config.items.filter((i) => i.enable ?? config.enable);
  const undrawable = (s: string) => /[\\/]|\.(png|ico|svg|jpe?g|bmp|exe)$/i.test(s) || (!nerdGlyphs && /^[\ue000-\uf8ff\u{f0000}-\u{10fffd}]+$/u.test(s));
  const segments = items.flatMap((item, n): Segment[] => {
    const display = item.display ?? config.display;
    const icon = item.icon?.trim();
    const glyph = icon && !undrawable(icon) ? icon : undefined;
    const showCommand = item.show_command_on_hover ?? config.show_command_on_hover;
    const action = { kind: 'launch', id: `${n}:${item.name}`, command: item.command, ...(showCommand ? { showCommand } : {}) } as const;
    const parts: Segment[] = [];
    if (n > 0) parts.push({ role: 'text', text: ' ' });
    if ((display === 'Icon' || display === 'IconAndText') && glyph) parts.push({ role: 'label', text: glyph, action });
    if (display === 'Text' || display === 'IconAndText' || !glyph) {
      if (parts.length > (n > 0 ? 1 : 0)) parts.push({ role: 'text', text: ' ', action });
      parts.push({ role: 'value', text: item.name, action });
    }
    return parts;
  });
  if (segments.length === 0) return [{ id: 'applications', name: 'Applications', segments: [], state: 'hidden', why: 'no enabled items', checks: [] }];
  return [{ id: 'applications', name: 'Applications', segments, state: 'normal', valueText: items.map((i) => i.name).join(', '), checks: [] }];
}
