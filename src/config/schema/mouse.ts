/** MouseConfig (variant A): bar-level mouse bindings to window-manager messages or shell commands. */
import * as z from 'zod';
import { float, withMeta, once } from '../schema-kit.js';
import { MOUSE_TRIGGERS } from '../vocabulary.js';
import { socketMessage, socketMessageUnion } from './socket-message.js';

export { MOUSE_TRIGGERS };
export type MouseTrigger = (typeof MOUSE_TRIGGERS)[number];

/** A TilerMouseMessage object, or a string: a shell command. */
const mouseMessageOf = (message: () => ReturnType<typeof socketMessage> | ReturnType<typeof socketMessageUnion>) =>
  withMeta(
    z.union([
      withMeta(z.string(), { expected: 'a command (a string)' }),
      z.strictObject({
        message: message(),
        focus_monitor_at_cursor: z.boolean().default(true),
        ignore_mouse_follows_focus: z.boolean().default(true),
      }),
    ]),
    { expected: 'a command string or {"message": {"type": ...}}' },
  );

/** For validation: a message type's schema is built when a document names it (socket-message.ts). */
export const mouseMessage = once(() => mouseMessageOf(socketMessage));

const scrollThreshold = () =>
  withMeta(float().min(0), { advisory: { min: 10, max: 300, why: 'scroll thresholds are clamped to 10–300 points' } });

const NO_SINGLE_CLICK = 'there is no single left-click binding (a left click belongs to the widget under it); use "on_primary_double_click"';

const mouseConfigOf = (message: () => ReturnType<typeof mouseMessageOf>) =>
  withMeta(
    z.strictObject({
      horizontal_scroll_threshold: scrollThreshold().default(30),
      vertical_scroll_threshold: scrollThreshold().default(30),
      ...(Object.fromEntries(MOUSE_TRIGGERS.map((t) => [t, message().optional()])) as Record<
        MouseTrigger,
        z.ZodOptional<ReturnType<typeof mouseMessageOf>>
      >),
    }),
    { retiredKeys: { on_primary_click: NO_SINGLE_CLICK, on_click: NO_SINGLE_CLICK } },
  );

export const mouseConfig = once(() => mouseConfigOf(mouseMessage));

/** For `tilebar schema`, which lists every message type. */
export const mouseConfigForJsonSchema = once(() => mouseConfigOf(once(() => mouseMessageOf(socketMessageUnion))));
