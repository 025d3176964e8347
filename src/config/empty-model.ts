/**
 * The model of `{"left_widgets": [], "right_widgets": []}`: what a bar shows a message on when it has no good
 * config (a file with errors or none at start). Written out so a bar whose config cannot be read shows that
 * without loading the validator; a test holds it equal to the validator's own model of that document.
 */
import type { BarModel } from './model.js';
import type { Variant } from './variant.js';

export function emptyModel(variant: Variant): BarModel {
  const sides = (n: number) => ({ top: n, bottom: n, left: n, right: n });
  return {
    variant,
    left: [],
    center: [],
    right: [],
    fontSize: 12.5,
    height: 50,
    iconScale: 1.4,
    margin: sides(0),
    padding: sides(10),
    maxLabelWidth: 400,
    monitor: { index: 0 },
    position: {},
    transparencyAlpha: 200,
    widgetSpacing: 10,
    grouping: { kind: 'None' },
  };
}
