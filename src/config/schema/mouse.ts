/** MouseConfig (variant A): bar-level mouse bindings to window-manager messages or shell commands. */
import * as z from 'zod';
import { float, withMeta, once } from '../schema-kit.js';
import { doc } from '../schema-docs.js';
import { MOUSE_TRIGGERS } from '../vocabulary.js';
import { socketMessage, socketMessageUnion } from './socket-message.js';

export { MOUSE_TRIGGERS };
export type MouseTrigger = (typeof MOUSE_TRIGGERS)[number];

/** A TilerMouseMessage object, or a string: a shell command. */
const mouseMessageOf = (message: () => ReturnType<typeof socketMessage> | ReturnType<typeof socketMessageUnion>) =>
  doc(
    withMeta(
      z.union([
        doc(withMeta(z.string(), { expected: 'a command (a string)' }), 'A shell command to run; %VAR%, $Env:VAR and $VAR are replaced first.'),
        doc(
          z.strictObject({
            message: message(),
            focus_monitor_at_cursor: doc(z.boolean().default(true), 'First focus the monitor under the mouse, so the message acts there.'),
            ignore_mouse_follows_focus: doc(
              z.boolean().default(true),
              'Turn the window manager\'s mouse-follows-focus off while the message runs, so the pointer stays where it is.',
            ),
          }),
          { properties: { message: 'The message sent to the window manager: {"type": ...} with its "content" when it takes one.' } },
        ),
      ]),
      { expected: 'a command string or {"message": {"type": ...}}' },
    ),
    { id: 'MouseBinding', description: 'What a click or scroll does: a shell command, or {"message": ...} sent to the window manager.', examples: [{ message: { type: 'CycleFocusWorkspace', content: 'Next' } }] },
  );

/** For validation: a message type's schema is built when a document names it (socket-message.ts). */
export const mouseMessage = once(() => mouseMessageOf(socketMessage));

const scrollThreshold = (direction: string) =>
  doc(withMeta(float().min(0), { advisory: { min: 10, max: 300, why: 'scroll thresholds are clamped to 10–300 points' } }).default(30), {
    description: `How far a ${direction} scroll goes, in points, before it counts as one tick (10–300).`,
  });

const TRIGGERS: Record<MouseTrigger, string> = {
  on_primary_double_click: 'A double click with the primary (left) button.',
  on_secondary_click: 'A click with the secondary (right) button.',
  on_middle_click: 'A click with the middle button.',
  on_extra1_click: 'A click with the first extra button (back).',
  on_extra2_click: 'A click with the second extra button (forward).',
  on_scroll_up: 'Each tick of scrolling up.',
  on_scroll_down: 'Each tick of scrolling down.',
  on_scroll_left: 'Each tick of scrolling left.',
  on_scroll_right: 'Each tick of scrolling right.',
};

const NO_SINGLE_CLICK = 'there is no single left-click binding (a left click belongs to the widget under it); use "on_primary_double_click"';

const mouseConfigOf = (message: () => ReturnType<typeof mouseMessageOf>) =>
  doc(
    withMeta(
      z.strictObject({
        horizontal_scroll_threshold: scrollThreshold('sideways'),
        vertical_scroll_threshold: scrollThreshold('vertical'),
        ...(Object.fromEntries(MOUSE_TRIGGERS.map((t) => [t, doc(message().optional(), TRIGGERS[t])])) as Record<
          MouseTrigger,
          z.ZodOptional<ReturnType<typeof mouseMessageOf>>
        >),
      }),
      { retiredKeys: { on_primary_click: NO_SINGLE_CLICK, on_click: NO_SINGLE_CLICK } },
    ),
    { id: 'MouseConfig', description: 'Bindings of clicks and scrolls on the bar (a left click belongs to the widget under it).' },
  );

export const mouseConfig = once(() => mouseConfigOf(mouseMessage));

/** For `tilebar schema`, which lists every message type. */
export const mouseConfigForJsonSchema = once(() => mouseConfigOf(once(() => mouseMessageOf(socketMessageUnion))));
