import { afterEach, describe, expect, it } from 'vitest';
import { hasTmux, openPane, type Pane } from './tmux.js';
import { tilebarCommand } from '../support/tilebar-command.js';

const bin = tilebarCommand();
let pane: Pane | undefined;
afterEach(() => pane?.close());

describe.skipIf(!hasTmux)('tilebar themes in a real terminal (tmux)', () => {
  it('paints swatches in 24-bit colour when the terminal says it can', async () => {
    pane = openPane(`${bin} themes Ashes`, { env: { COLORTERM: 'truecolor' } });
    await pane.waitFor('Use it:');
    const screen = pane.capture(true);
    expect(screen).toContain('\x1b[48;2;57;63;69m'); // base01 #393f45 as a background swatch
    expect(pane.capture()).toMatch(/background +#393f45 +Base16 base01/);
  });

  it('falls back to 256 colours on a 256-colour terminal, and to none under NO_COLOR', async () => {
    pane = openPane(`${bin} themes Ashes`, { env: { COLORTERM: '' } });
    await pane.waitFor('Use it:');
    expect(pane.capture(true)).toContain('\x1b[48;5;');
    expect(pane.capture(true)).not.toContain('48;2;');
    pane.close();
    pane = openPane(`${bin} themes Ashes`, { env: { COLORTERM: 'truecolor', NO_COLOR: '1' } });
    await pane.waitFor('Use it:');
    expect(pane.capture(true)).not.toContain('\x1b[');
  });
});
