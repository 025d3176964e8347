/** The Keyboard kind (variant A): the active layout, from the keyboard event source. */
import { boundedLayout, type KeyboardStatus } from '../../src/keyboard/status.js';
import { SettingError } from '../../src/thresholds/simulate.js';
import { quote } from '../../src/text/safe-text.js';
import { defineKind } from '../kind.js';
import { keyboardSchema, type KeyboardConfig } from './schema.js';
import { keyboardView } from './view.js';

export const keyboard = defineKind<KeyboardConfig>({
  name: 'Keyboard',
  variants: ['A'],
  schema: keyboardSchema,
  docs: () => import('./docs.js').then((m) => m.docs),
  view: (config, ctx) => keyboardView(config, ctx.keyboard),
  inputs: (_, ctx) => [ctx.keyboard],
  async unavailable({ platform, env, exists }) {
    const { keyboardSourceFor, onPath } = await import('../../src/keyboard/detect.js');
    const s = keyboardSourceFor(platform, env, (name) => onPath(env, exists, name, platform), exists);
    return s.driver ? undefined : s.problem;
  },
  simulation: {
    keys: ['keyboard'],
    fills: 'keyboard',
    hint: 'keyboard=LAYOUT',
    set(r, key, value) {
      if (key.toLowerCase() !== 'keyboard') return false;
      const layout = boundedLayout(value);
      if (!layout) throw new SettingError(`--set ${key}: expected a layout name like us or de, found ${quote(value)}`);
      r.keyboard = { layout } satisfies KeyboardStatus;
      return true;
    },
  },
});
