/**
 * The widgets a preview could not draw for want of a reading, and how to give each one. A preview draws what
 * the bar would draw with the readings it has, and the bar shows a read widget only once it has a reading: so
 * a preview given `--set cpu=95` alone drew no Memory, Network or Storage, and said nothing. This names them,
 * with the `--set` keys their kinds take (`widgets/<kind>/index.ts`, `simulation`).
 */
import { widgetEnabled } from '../../widgets/kind.js';
import type { BarModel } from '../config/model.js';
import type { SectionName } from '../render/bar-types.js';
import type { WidgetRegistry } from '../../widgets/registry.js';

export interface UnreadWidget {
  /** The kind's name: `Memory`. */
  widget: string;
  /** `right[4]`: where it is in the config. */
  position: string;
  section: SectionName;
  index: number;
  /** The `--set` keys that give its reading (empty for a kind with no simulation). */
  keys: readonly string[];
  /** One such setting as the help shows it (`memory=N`); empty when there is none. */
  hint: string;
  /** Why the machine gave no reading: its one read failed (Windows' network and battery helper could not start). */
  why?: string;
}

const SECTIONS: readonly SectionName[] = ['left', 'center', 'right'];

/**
 * Each enabled widget of a kind that is read — polled, or told by an event source — whose reading
 * `hasReading` says is missing, in the bar's order. Widgets that read nothing (clocks, launchers) and the
 * Tiler ones (which say `no window manager` themselves) are never listed. `failure`: why a reading's read
 * failed, when it did.
 */
export function unreadWidgets(
  model: Pick<BarModel, SectionName>,
  kinds: WidgetRegistry,
  hasReading: (reading: string) => boolean,
  failure: (reading: string) => string | undefined = () => undefined,
): UnreadWidget[] {
  return SECTIONS.flatMap((section) =>
    model[section].flatMap((w, index): UnreadWidget[] => {
      const kind = kinds.kind(w.kind);
      if (!kind || !widgetEnabled(kind, w.config)) return [];
      const reading = kind.simulation?.fills ?? kind.poll?.source;
      if (reading === undefined || hasReading(reading)) return [];
      const why = failure(reading);
      return [{ widget: kind.name, position: `${section}[${index}]`, section, index, keys: kind.simulation?.keys ?? [], hint: kind.simulation?.hint ?? '', ...(why ? { why } : {}) }];
    }),
  );
}

/**
 * What stderr says beside the frame: a line of why, then a widget a line with the setting that draws it.
 * `simulated`: readings were given, so nothing else was read; otherwise the machine was read, and what is
 * missing is what a preview never asks (the network, a media player, the session), or what it asked and could
 * not read (said after the setting: `reading it failed: …`).
 */
export function unreadNote(unread: readonly UnreadWidget[], simulated: boolean): string {
  if (unread.length === 0) return '';
  const count = unread.length === 1 ? '1 widget' : `${unread.length} widgets`;
  const why = simulated ? 'with --set or --data nothing else is read' : 'a preview reads this machine once, but never the network, a media player or the session';
  const names = unread.map((u) => `${u.widget} ${u.position}`);
  const width = Math.max(...names.map((n) => n.length));
  const lines = unread.map((u, i) => `  ${(names[i] ?? '').padEnd(width)}  ${u.hint ? `--set ${u.hint}` : 'no --set key reads it'}${u.why ? ` (reading it failed: ${u.why})` : ''}`);
  return `tilebar: ${count} not drawn, for want of a reading (${why}):\n${lines.join('\n')}\n`;
}
