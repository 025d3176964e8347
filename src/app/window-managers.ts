/**
 * The window managers of a process that runs several bars (the user's core: serve/hub.ts): one link per manager
 * asked for — the same `--tiler` and komorebi data directory — however many bars show it, so the manager is
 * subscribed once. A bar uses a link while its model needs a manager (a Tiler widget, a message binding); the link
 * is subscribed when the first such bar asks and closed when the last one leaves or stops needing it.
 */
import { needsWindowManager, WindowManagerLink, type WindowManagerSettings, type WindowManagerSink, type WindowManagerUse } from './window-manager.js';

/** What a bar chooses of its window manager; the rest (env, timers, log, …) is the process's. */
export type ManagerChoice = Pick<WindowManagerSettings, 'flag' | 'komorebiDir' | 'komorebiDirGiven' | 'managers'>;

/** What the process gives every link. */
export type ManagerContext = Omit<WindowManagerSettings, keyof ManagerChoice>;

/**
 * Which bars share a link: the same `--tiler` and komorebi directory (given or found). The list of managers to
 * choose from is the program's own, the same for every bar (tests hand in theirs): the first bar's is used.
 */
const linkKey = (choice: ManagerChoice): string => JSON.stringify([choice.flag ?? null, choice.komorebiDir, choice.komorebiDirGiven]);

export class WindowManagers {
  readonly #links = new Map<string, WindowManagerLink>();

  constructor(private readonly context: ManagerContext) {}

  /** A bar's use of the link it chooses: joined while its model (read through `sink`) needs a manager. */
  use(choice: ManagerChoice, sink: WindowManagerSink): WindowManagerUse {
    const key = linkKey(choice);
    let leave: (() => Promise<void>) | undefined;
    const join = (): WindowManagerLink => {
      let link = this.#links.get(key);
      if (!link) {
        link = new WindowManagerLink({ ...this.context, ...choice });
        this.#links.set(key, link);
      }
      const joined = link;
      const off = joined.join(sink);
      leave = async () => {
        leave = undefined;
        off();
        if (joined.members > 0 || this.#links.get(key) !== joined) return;
        this.#links.delete(key);
        await joined.close();
      };
      return joined;
    };
    return {
      ensure: async () => {
        if (!needsWindowManager(sink.model())) {
          await leave?.();
          return;
        }
        const link = leave ? this.#links.get(key) : join();
        await link?.ensure();
      },
      send: (messages, monitor) => {
        const link = this.#links.get(key);
        if (link) link.send(messages, monitor);
        else this.context.log(`window manager: ${messages.map((m) => m.type).join(', ')} not sent: not connected yet`);
      },
      leave: async () => {
        await leave?.();
      },
    };
  }

  /** How many links are open now (subscribed, or being subscribed), for a status report. */
  get open(): number {
    return [...this.#links.values()].filter((link) => link.isOpen).length;
  }

  /** Every link closes (the process's end). */
  async close(): Promise<void> {
    const links = [...this.#links.values()];
    this.#links.clear();
    await Promise.all(links.map((link) => link.close()));
  }
}
