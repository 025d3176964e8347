// The floor of this stack: a minimal Ink 6 app redrawing one line of time once a second.
// With `row` it draws what any full-width coloured bar through Ink draws at the least: the time in a single
// <Text> padded to the terminal's width on one background colour (every cell styled, as in tilebar's bar).
import { createElement, useEffect, useState } from 'react';
import { render, Text } from 'ink';

const fullRow = process.argv[2] === 'row';

function Clock() {
  const [now, setNow] = useState(new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(t);
  }, []);
  const time = now.toTimeString().slice(0, 8);
  if (!fullRow) return createElement(Text, { color: '#89b4fa' }, time);
  return createElement(Text, { color: '#89b4fa', backgroundColor: '#1e1e2e' }, time.padStart(Math.floor(((process.stdout.columns || 80) + 8) / 2)).padEnd(process.stdout.columns || 80));
}

render(createElement(Clock));
