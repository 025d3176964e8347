// The floor of this stack: a minimal Ink 6 app redrawing one line of time once a second.
import { createElement, useEffect, useState } from 'react';
import { render, Text } from 'ink';

function Clock() {
  const [now, setNow] = useState(new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(t);
  }, []);
  return createElement(Text, { color: '#89b4fa' }, now.toTimeString().slice(0, 8));
}

render(createElement(Clock));
