/**
 * `preview --format svg|png`: the frame as a picture of cells in the palette's exact colours. Pixels are read
 * back from the PNG at known cells; the same command gives the same bytes; the SVG is well-formed XML and
 * resvg renders it; hostile text cannot break the document.
 */
import fc from 'fast-check';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { PNG } from 'pngjs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cellShape, frameToSvg, xmlText } from '../../src/render/svg.js';
import { cli } from '../cli/capture.js';

const COMMAND = ['preview', '--config', 'config.example.json', '--at', '2024-09-08T09:05:03Z', '--set', 'cpu=95', '--width', '160'];

function pixel(png: PNG, x: number, y: number): string {
  const i = (png.width * Math.floor(y) + Math.floor(x)) * 4;
  return `#${[0, 1, 2].map((k) => (png.data[i + k] ?? 0).toString(16).padStart(2, '0')).join('')}`;
}

describe('preview --format png', () => {
  it('writes a PNG whose pixels at known cells are the palette’s exact colours, the same bytes every time', async () => {
    const first = await cli([...COMMAND, '--format', 'png'], { TZ: 'UTC' });
    expect(first.code).toBe(0);
    const png = PNG.sync.read(first.bytes);
    // 160 columns × 3 rows of 7.5 × 15 px cells (font_size 12.5).
    expect([png.width, png.height]).toEqual([1200, 45]);
    // Where those cells are, from the frame's own data.
    const json = JSON.parse((await cli([...COMMAND, '--format', 'json'], { TZ: 'UTC' })).out) as { sections: Record<string, Array<{ kind: string; units: Array<{ x: number; width: number; colours: { bg?: string; fg?: string } }> }>> };
    const cpu = json.sections.right?.find((w) => w.kind === 'Cpu')?.units[0];
    expect(cpu?.colours.bg).toBe('#f38ba8'); // Catppuccin Mocha Red: auto_select_fill, as cpu=95 is over 80
    // The middle row, the unit's second cell (the space after its icon): only the fill there.
    const midRow = 15 + 2;
    expect(pixel(png, ((cpu?.x ?? 0) + 1) * 7.5 + 3.75, midRow)).toBe('#f38ba8');
    // The bar's background (Mocha Base) in an empty stretch of the middle, and the group fill left of the first word.
    expect(pixel(png, 50 * 7.5 + 2, 22)).toBe('#1e1e2e');
    expect(pixel(png, 1.5 * 7.5 + 3, 16)).toBe('#191927');
    const again = await cli([...COMMAND, '--format', 'png'], { TZ: 'UTC' });
    expect(Buffer.compare(again.bytes, first.bytes)).toBe(0);
  });

  it('--scale 2 doubles the pixels, not the drawing', async () => {
    const r = await cli([...COMMAND, '--format', 'png', '--scale', '2'], { TZ: 'UTC' });
    const json = JSON.parse((await cli([...COMMAND, '--format', 'json'], { TZ: 'UTC' })).out) as { sections: Record<string, Array<{ kind: string; units: Array<{ x: number }> }>> };
    const cpuX = json.sections.right?.find((w) => w.kind === 'Cpu')?.units[0]?.x;
    const png = PNG.sync.read(r.bytes);
    expect([png.width, png.height]).toEqual([2400, 90]);
    expect(pixel(png, 50 * 7.5 * 2 + 5, 45)).toBe('#1e1e2e');
    expect(pixel(png, ((cpuX ?? 0) + 1) * 15 + 7, 34)).toBe('#f38ba8');
    expect((await cli([...COMMAND, '--format', 'png', '--scale', '0.5'])).code).toBe(2);
  });

  it('refuses to print a picture’s bytes into a terminal', async () => {
    const r = await cli([...COMMAND, '--format', 'png'], { TZ: 'UTC' }, process.cwd(), true);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--format png writes binary data: redirect it (> bar.png) or give --output bar.png');
  });
});

describe('preview --format svg', () => {
  it('is well-formed XML, with the cell grid and the exact colours', async () => {
    const r = await cli([...COMMAND, '--format', 'svg'], { TZ: 'UTC' });
    expect(r.code).toBe(0);
    expect(XMLValidator.validate(r.out)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false }).parse(r.out) as { svg: Record<string, string> };
    expect(doc.svg['@_width']).toBe('1200');
    expect(doc.svg['@_viewBox']).toBe('0 0 1200 45');
    expect(r.out).toContain('fill="#f38ba8"');
    // Words are text in the chosen font (the config's JetBrainsMono Nerd Font first, then the shipped one).
    expect(r.out).toContain(`font-family="&apos;JetBrainsMono Nerd Font&apos;, &apos;DejaVu Sans Mono&apos;, monospace"`);
    expect(r.out).toMatch(/<text [^>]*>C<\/text><text [^>]*>P<\/text><text [^>]*>U<\/text>/);
  });

  it('stays well-formed whatever the text holds, and resvg draws it', async () => {
    const { svgToPng } = await import('../../src/render/png.js');
    const cell = { width: 8, height: 16 };
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ unit: 'binary', maxLength: 12 }), { minLength: 1, maxLength: 4 }), async (texts) => {
        const svg = frameToSvg([texts.map((text, i) => ({ text, fg: '#ff0000', ...(i % 2 ? { bg: '#00ff00', bold: true } : {}) }))], { cell, scale: 1, fonts: ['A "font" <&>'], background: '#000000', foreground: '#ffffff' });
        expect(XMLValidator.validate(svg)).toBe(true);
        if (svg.includes('width="0"')) return;
        const png = PNG.sync.read(Buffer.from(await svgToPng(svg)));
        expect(png.width).toBeGreaterThan(0);
      }),
      { numRuns: 40 },
    );
    expect(xmlText('a<b>&"\'\u0000\u0007\ud800z')).toBe('a&lt;b&gt;&amp;&quot;&apos;z');
  });

  it('draws box lines, corners, blocks and Powerline caps as shapes that fill their cell', () => {
    const c = { x: 0, y: 0, w: 8, h: 16 };
    for (const ch of ['─', '│', '┌', '┐', '└', '┘', '╭', '╮', '╰', '╯', '▌', '▐', '░', '█', '▁', '\ue0b4', '\ue0b6']) expect(cellShape(ch, c, '#123456'), ch).toMatch(/^<(rect|path) /);
    expect(cellShape('A', c, '#123456')).toBeUndefined();
    expect(cellShape('█', c, '#123456')).toBe('<rect x="0" y="0" width="8" height="16" fill="#123456"/>');
  });
});

describe('preview --format png with bad options', () => {
  it('says what is wrong, without a stack trace, and draws nothing too large', async () => {
    const huge = await cli([...COMMAND, '--format', 'png', '--width', '1000', '--height', '1000', '--scale', '8']);
    expect(huge.code).toBe(2);
    expect(huge.err).toMatch(/would be \d+ megapixels; at most 64 are drawn/);
    const noFont = await cli([...COMMAND, '--format', 'png', '--font', 'missing.ttf']);
    expect(noFont.code).toBe(2);
    expect(noFont.err).toBe('tilebar: --font missing.ttf: no such file\n');
    const dirFont = await cli([...COMMAND, '--format', 'png', '--font', 'src']);
    expect(dirFont.err).toBe('tilebar: --font src: it is a directory\n');
    const unwritable = await cli([...COMMAND, '--format', 'svg', '--output', '/nonexistent-dir/bar.svg']);
    expect(unwritable.code).toBe(2);
    expect(unwritable.err).toBe('tilebar: --output /nonexistent-dir/bar.svg: cannot write it (ENOENT)\n');
  });

  it('refuses a --font file that is not a font, naming it; takes a real one (the shipped DejaVu Sans Mono)', async () => {
    for (const file of ['package.json', '/etc/passwd', 'docs/bar.png']) {
      const junk = await cli([...COMMAND, '--format', 'png', '--font', file]);
      expect(junk.code, file).toBe(2);
      expect(junk.err).toBe(`tilebar: --font ${file}: not a TrueType or OpenType font; give a .ttf, .otf or .ttc file (a Nerd Font's, for its icons)\n`);
    }
    const font = join(process.cwd(), 'node_modules', 'dejavu-fonts-ttf', 'ttf', 'DejaVuSansMono.ttf');
    const real = await cli([...COMMAND, '--format', 'png', '--font', font]);
    expect(real.code, real.err).toBe(0);
    expect(real.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  });
});
