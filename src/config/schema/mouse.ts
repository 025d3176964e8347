/** MouseConfig (variant A): bar-level mouse bindings to window-manager messages or shell commands. */
import * as z from 'zod';
import { float, withMeta, once } from '../schema-kit.js';
import { MOUSE_TRIGGERS } from '../vocabulary.js';
import { socketMessage } from './socket-message.js';

export { MOUSE_TRIGGERS };
export type MouseTrigger = (typeof MOUSE_TRIGGERS)[number];

/** A TilerMouseMessage object, or a string: a shell command. */
export const mouseMessage = once(() =>
  withMeta(
    z.union([
      withMeta(z.string(), { expected: 'a command (a string)' }),
      z.strictObject({
        message: socketMessage(),
        focus_monitor_at_cursor: z.boolean().default(true),
        ignore_mouse_follows_focus: z.boolean().default(true),
      }),
    ]),
    { expected: 'a command string or {"message": {"type": ...}}' },
  ));

const scrollThreshold = () =>
  withMeta(float().min(0), { advisory: { min: 10, max: 300, why: 'scroll thresholds are clamped to 10–300 points' } });

const NO_SINGLE_CLICK = 'there is no single left-click binding (a left click belongs to the widget under it); use "on_primary_double_click"';

export const mouseConfig = once(() =>
  withMeta(
    z.strictObject({
      horizontal_scroll_threshold: scrollThreshold().default(30),
      vertical_scroll_threshold: scrollThreshold().default(30),
      ...(Object.fromEntries(MOUSE_TRIGGERS.map((t) => [t, mouseMessage().optional()])) as Record<
        MouseTrigger,
        z.ZodOptional<ReturnType<typeof mouseMessage>>
      >),
    }),
    { retiredKeys: { on_primary_click: NO_SINGLE_CLICK, on_click: NO_SINGLE_CLICK } },
  ),
);
