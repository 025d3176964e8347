/** `tilebar` alone in a real terminal (a tmux pane) starts the bar, as `waybar` or `polybar` alone start theirs. */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, it } from 'vitest';
import { writeBarConfig } from '../support/bar-config.js';
import { hasTmux, openPane, type Pane } from './tmux.js';
import { tilebarCommand } from '../support/tilebar-command.js';

let pane: Pane | undefined;
afterEach(() => pane?.close());

describe.skipIf(!hasTmux)('a bare tilebar in a real terminal', () => {
  it('draws the bar of the discovered config', async () => {
    const home = await mkdtemp(join(tmpdir(), 'tilebar-bare-'));
    const bar = { left_widgets: [{ Date: { enable: true, format: { Custom: 'BARE %Y' }, label_prefix: 'None' } }], right_widgets: [] };
    await writeBarConfig(join(home, '.config', 'tilebar'), bar);
    pane = openPane(tilebarCommand(), { width: 60, height: 1, env: { HOME: home, TZ: 'UTC' } });
    await pane.waitFor((s) => /^ BARE 20\d\d/.test(s));
  });
});
