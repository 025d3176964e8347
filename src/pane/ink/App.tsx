/**
 * `tilebar run` as an Ink app. Its state lives in React: the bar store's snapshot (config, readings, clock,
 * window manager, size — store.ts publishes it on the scheduler's timers; no component starts a timer) and
 * the layout picker's open state. From them it derives the layout (layoutBar, place.ts; fitting is fit.ts) and renders
 * it as <Bar>. Keys and mouse reports come through one hook over the terminal's input (useTerminalInput: the
 * stream the direct renderer reads, every chunk in order) and mean what BarInput says, as for the direct renderer.
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { layoutFor } from '../../view/appearance.js';
import { BarInput, type BarInputEffects } from '../bar-input.js';
import { barStateOf, pickerAfter } from '../../view/bar-state.js';
import type { BarViewOptions } from '../bar-view.js';
import type { BarLayout } from '../../render/bar-types.js';
import { Bar } from './Bar.js';
import { useTerminalInput, type KeySource } from './input-hooks.js';
import { WidgetsContext } from './widgets.js';

/** What the app needs of the view's options (bar-view.ts): the store, how to draw, and what input does. */
export type AppProps = Pick<BarViewOptions, 'store' | 'depth' | 'version' | 'tilerOptions' | 'onAction' | 'onBinding' | 'onQuit' | 'onDrawError' | 'now'> & {
  /** The terminal's input (RunTerminal.onKeys). */
  keys: KeySource;
};

export function App(props: AppProps): ReactNode {
  const { store, depth, version, tilerOptions } = props;
  const snap = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [hint, setHint] = useState<string | undefined>(undefined);
  // A layout that cannot be made (a bug, or a model from a damaged cache) keeps the last one on screen.
  const lastGood = useRef<BarLayout | undefined>(undefined);
  const layout = useMemo(() => {
    try {
      lastGood.current = layoutFor(
        snap.model,
        snap.look,
        barStateOf(snap, tilerOptions, pickerOpen),
        snap.size,
        version,
        snap.message,
        hint,
      );
    } catch (e) {
      props.onDrawError(e);
    }
    return lastGood.current;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [snap, pickerOpen, hint, tilerOptions, version]);

  // The latest props and state for input handlers that live as long as the app.
  const latest = useRef({ props, snap, layout });
  latest.current = { props, snap, layout };
  const input = useMemo(() => {
    const effects: BarInputEffects = {
      perform: (action) => {
        if (action.kind !== 'toggle-layout-picker') latest.current.props.onAction(action);
        setPickerOpen((open) => pickerAfter(action, open));
      },
      binding: (trigger) => latest.current.props.onBinding(trigger, latest.current.snap.tiler?.mouseFollowsFocus),
      quit: (status) => latest.current.props.onQuit(status),
      now: () => latest.current.props.now(),
      hover: setHint,
    };
    return new BarInput(snap.model, effects);
    // One for the app's life; a new config reaches it through setModel below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => input.setModel(snap.model), [input, snap.model]);

  useTerminalInput(props.keys, (data) => input.input(data, latest.current.layout));

  return layout ? (
    <WidgetsContext value={snap.look.widgets}>
      <Bar layout={layout} depth={depth} />
    </WidgetsContext>
  ) : null;
}
