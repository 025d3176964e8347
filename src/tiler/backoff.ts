import { OnceLog } from '../io/reconnect.js';

/**
 * A source's link to its manager: whether it is up (said to the bar on every change), and its troubles (a
 * document that is not a state) said once each until it is up again. Reconnecting is io/reconnect.ts's.
 */
export class Link {
  /** What was last said: undefined before the first attempt ended, so a first failure is said too. */
  private reported: boolean | undefined;
  readonly problems: OnceLog;

  constructor(private readonly events: { connection(connected: boolean): void; log(message: string): void }) {
    this.problems = new OnceLog((m) => events.log(m));
  }

  up(): void {
    if (this.reported === true) return;
    this.reported = true;
    this.problems.clear();
    this.events.connection(true);
  }

  /** Down: the connection went, or the first attempt failed (the bar then says "not connected"). */
  lost(): void {
    if (this.reported === false) return;
    this.reported = false;
    this.events.connection(false);
  }
}
