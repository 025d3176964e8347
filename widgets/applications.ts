/** Applications widget: a launcher row of buttons. */
import * as z from 'zod';
import { float, names, once } from '../src/config/schema-kit.js';
import { enable } from '../src/config/schema/widget-fields.js';

export const APPLICATIONS_DISPLAY_FORMATS = ['Icon', 'Text', 'IconAndText'] as const;
const appDisplay = () => names('an applications display format', APPLICATIONS_DISPLAY_FORMATS);

export const appConfig = once(() =>
  z.strictObject({
    command: z.string(),
    name: z.string(),
    display: appDisplay().optional(),
    enable: z.boolean().optional(),
    icon: z.string().optional(),
    show_command_on_hover: z.boolean().optional(),
  }));

export const applicationsConfig = once(() =>
  z.strictObject({
    enable: enable(),
    items: z.array(appConfig()),
    display: appDisplay().default('Icon'),
    show_command_on_hover: z.boolean().default(false),
    spacing: float().min(0).optional(),
  }));
export type ApplicationsConfig = z.output<ReturnType<typeof applicationsConfig>>;

/**
 * The launcher's buttons, all in one unit. An item's `icon` is shown as text when it is a glyph (an image
 * path cannot be drawn in a terminal, so the name stands in); an item without one shows its name.
 */
export function applicationsView(config: ApplicationsConfig): Array<import('./view.js').UnitView> {
  const items = config.items.filter((i) => i.enable ?? config.enable);
  const looksLikePath = (s: string) => /[\\/]|\.(png|ico|svg|jpe?g|bmp|exe)$/i.test(s);
  const segments = items.flatMap((item, n): Array<import('./view.js').Segment> => {
    const display = item.display ?? config.display;
    const icon = item.icon?.trim();
    const glyph = icon && !looksLikePath(icon) ? icon : undefined;
    const action = { kind: 'launch', id: `${n}:${item.name}`, command: item.command } as const;
    const parts: Array<import('./view.js').Segment> = [];
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
