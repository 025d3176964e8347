/**
 * What a running bar says of a lasting condition of one of its sources (no keyboard layout source in this session,
 * no D-Bus session bus): once for the bar's life, however often the source is started again (a reload that changes
 * its widget, one that takes the widget out and puts it back), and again only when it changes, the new condition
 * then said. A condition that ends with nothing to say of it (`ended`) is forgotten, so that its return is said.
 * (Issue 43: 300 characters of the same keyboard line at every reload, 30 times in 25 minutes.)
 */
export class ConditionLog {
  readonly #said = new Map<string, string>();

  constructor(private readonly log: (message: string) => void) {}

  /** `topic`'s condition is `line` now: said unless it is what was said of it last. */
  say(topic: string, line: string): void {
    if (this.#said.get(topic) === line) return;
    this.#said.set(topic, line);
    this.log(line);
  }

  /** `topic`'s condition is over, and what replaces it is said otherwise (a source's own line, once it works). */
  ended(topic: string): void {
    this.#said.delete(topic);
  }
}
