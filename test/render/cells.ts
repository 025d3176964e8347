/** A frame's cells as a terminal shows them, from SGR text: to hold two renderers to the same cells. */

export interface Cell {
  ch: string;
  fg: string;
  bg: string;
  bold: boolean;
  inverse: boolean;
}

/** Each row's cells; a cell not written (a row that ends early) is a blank in the default colours. */
export function cellsOf(frame: string, width: number): Cell[][] {
  return frame.split('\n').map((row) => {
    let fg = '';
    let bg = '';
    let bold = false;
    let inverse = false;
    const out: Cell[] = [];
    for (const m of row.matchAll(/\x1b\[([0-9;]*)m|([^\x1b])/gu)) {
      if (m[2] !== undefined) {
        out.push({ ch: m[2], fg, bg, bold, inverse });
        continue;
      }
      const p = (m[1] ?? '').split(';').map((x) => (x === '' ? 0 : Number(x)));
      for (let i = 0; i < p.length; i++) {
        const n = p[i] ?? 0;
        if (n === 0) [fg, bg, bold, inverse] = ['', '', false, false];
        else if (n === 1) bold = true;
        else if (n === 22) bold = false;
        else if (n === 7) inverse = true;
        else if (n === 27) inverse = false;
        else if (n === 39) fg = '';
        else if (n === 49) bg = '';
        else if ((n === 38 || n === 48) && p[i + 1] === 2) {
          const rgb = p.slice(i + 2, i + 5).join(',');
          if (n === 38) fg = rgb;
          else bg = rgb;
          i += 4;
        } else if ((n === 38 || n === 48) && p[i + 1] === 5) {
          if (n === 38) fg = `256:${p[i + 2]}`;
          else bg = `256:${p[i + 2]}`;
          i += 2;
        } else if ((n >= 30 && n <= 37) || (n >= 90 && n <= 97)) fg = `16:${n}`;
        else if ((n >= 40 && n <= 47) || (n >= 100 && n <= 107)) bg = `16:${n - 10}`;
      }
    }
    while (out.length < width) out.push({ ch: ' ', fg: '', bg: '', bold: false, inverse: false });
    return out;
  });
}
