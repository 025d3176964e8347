/** Every widget of the bar with where it is in the config (`right[2]`), in left, center, right order. */
import type { BarModel, WidgetModel } from './model.js';

export interface PlacedWidget {
  position: string;
  widget: WidgetModel;
}

export function placedWidgets(model: Pick<BarModel, 'left' | 'center' | 'right'>): PlacedWidget[] {
  const lists = [
    ['left', model.left],
    ['center', model.center],
    ['right', model.right],
  ] as const;
  return lists.flatMap(([list, widgets]) => widgets.map((widget, i) => ({ position: `${list}[${i}]`, widget })));
}
