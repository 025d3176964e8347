/**
 * The running bar's event sources beside the scheduler's polls: media players and the keyboard layout.
 * Each runs while a config shows an enabled widget for it (started on the first such config, stopped when a
 * reload removes the last one) and is loaded only then: a bar without them never loads D-Bus or X11 code.
 * What keeps a source from starting, or which one started, is a lasting condition: said once for the bar's life
 * and again when it changes (io/conditions.ts), not at each reload that starts the source again.
 *
 * Several bars of one process (the user's core: serve/hub.ts) share one of each: every bar `join`s with the store
 * its changes go to and says what its model wants (`apply`); a source runs while any bar wants it — the keyboard
 * polled as often as the most eager one asks — each bar's store gets its changes, and a bar that `leave`s (or stops
 * wanting it) no longer keeps it running. A bar on its own is the one member of its own.
 */
import type { BarModel } from '../config/model.js';
import { keyboardSourceFor, onPath } from '../keyboard/detect.js';
import type { KeyboardSource } from '../keyboard/sources.js';
import type { KeyboardStatus } from '../keyboard/status.js';
import type { MediaSource } from '../media/mpris.js';
import type { MediaCommand, MediaStatus } from '../media/player.js';
import { existsSync } from 'node:fs';
import { ConditionLog } from '../io/conditions.js';
import { enabledWidget, startMediaSource, type EventSourceDeps } from './media-source.js';

/** What the event sources change in a bar's store. */
export interface EventChange {
  media?: MediaStatus | undefined;
  keyboard?: KeyboardStatus | undefined;
}

/** Starts the media source; tests hand in a fake player source. */
export type StartMediaSource = typeof startMediaSource;

export interface EventSourcesDeps extends EventSourceDeps {
  /** The media source's start; default: the platform's (media-source.ts). */
  startMedia?: StartMediaSource;
}

/** One bar's part in the event sources: what its model wants, and how it leaves. */
export interface EventMember {
  /** Start or stop sources for this bar's model (its first, or a reload). */
  apply(model: BarModel): Promise<void>;
  /** A media widget's control, to the player shown. */
  control(command: MediaCommand): void;
  /** The bar no longer wants anything: a source no other bar wants stops (done when this is). */
  leave(): Promise<void>;
}

/** What a bar's model asks of the event sources. */
interface Wants {
  media: boolean;
  /** The Keyboard widget's poll in ms; undefined: no Keyboard widget. */
  keyboardMs: number | undefined;
}

const WANTS_NOTHING: Wants = { media: false, keyboardMs: undefined };

function wantsOf(model: BarModel): Wants {
  const keyboard = enabledWidget(model, 'Keyboard');
  return { media: enabledWidget(model, 'Media') !== undefined, keyboardMs: keyboard ? Number(keyboard.config.data_refresh_interval) * 1000 : undefined };
}

interface Member {
  update: (change: EventChange) => void;
  wants: Wants;
}

export class EventSources {
  private media: MediaSource | undefined;
  /** The media source being started (its module loaded, its bus connected). */
  private mediaStarting: Promise<void> | undefined;
  private keyboard: { source: KeyboardSource; refreshMs: number } | undefined;
  private closed = false;
  /** For the bar's life: what was said of each source's condition. */
  private readonly conditions: ConditionLog;
  private readonly members = new Set<Member>();
  /** The latest of each, for a bar that joins while a source runs. */
  private last: EventChange = {};

  constructor(private readonly deps: EventSourcesDeps) {
    this.conditions = new ConditionLog(deps.log);
  }

  /** A bar joins: `update` gets every change of the sources from now on, and at its first `apply` the latest of each. */
  join(update: (change: EventChange) => void): EventMember {
    const member: Member = { update, wants: WANTS_NOTHING };
    this.members.add(member);
    let applied = false;
    return {
      apply: async (model) => {
        member.wants = wantsOf(model);
        // What other bars' sources said before this one joined (nothing, for a bar on its own).
        if (!applied && Object.keys(this.last).length > 0) member.update(this.last);
        applied = true;
        await this.apply();
      },
      control: (command) => this.media?.control(command),
      leave: async () => {
        if (this.members.delete(member)) await this.apply();
      },
    };
  }

  /** Which sources run now, for a status report (`keyboardMs`: how often the keyboard is polled, where it is). */
  running(): { media: boolean; keyboard: boolean; keyboardMs?: number } {
    const media = this.media !== undefined || this.mediaStarting !== undefined;
    return this.keyboard ? { media, keyboard: true, keyboardMs: this.keyboard.refreshMs } : { media, keyboard: false };
  }

  close(): void {
    this.closed = true;
    this.media?.close();
    this.keyboard?.source.close();
    this.media = undefined;
    this.keyboard = undefined;
    this.members.clear();
  }

  /** To every member. */
  private update(change: EventChange): void {
    this.last = { ...this.last, ...change };
    for (const member of this.members) member.update(change);
  }

  /** Start or stop sources for what the members want together. */
  private async apply(): Promise<void> {
    this.applyKeyboard();
    await this.applyMedia();
  }

  private mediaWanted(): boolean {
    return [...this.members].some((m) => m.wants.media);
  }

  /** The keyboard's poll: the shortest any member asks for; undefined when none shows a Keyboard widget. */
  private keyboardMs(): number | undefined {
    const asked = [...this.members].flatMap((m) => (m.wants.keyboardMs === undefined ? [] : [m.wants.keyboardMs]));
    return asked.length > 0 ? Math.min(...asked) : undefined;
  }

  private async applyMedia(): Promise<void> {
    const wanted = this.mediaWanted();
    if (!wanted && this.media) {
      this.media.close();
      this.media = undefined;
      this.update({ media: undefined });
    }
    if (this.mediaStarting) {
      // Once started, it stops if nobody wants it then: a bar that leaves meanwhile waits for that.
      if (!wanted) await this.mediaStarting.catch(() => undefined);
      return;
    }
    if (!wanted || this.media || this.closed) return;
    this.mediaStarting = this.startMedia().finally(() => {
      this.mediaStarting = undefined;
    });
    await this.mediaStarting;
  }

  private async startMedia(): Promise<void> {
    const condition = (line: string | undefined) => (line === undefined ? this.conditions.ended('media') : this.conditions.say('media', line));
    const start = this.deps.startMedia ?? startMediaSource;
    const media = await start((status) => this.update({ media: status }), { ...this.deps, condition });
    if (this.closed) media.close();
    else if (!this.mediaWanted()) {
      // Every bar that wanted it left while it started.
      media.close();
      this.update({ media: undefined });
    } else this.media = media;
  }

  private applyKeyboard(): void {
    const refreshMs = this.keyboardMs();
    if (this.keyboard && this.keyboard.refreshMs !== refreshMs) {
      this.keyboard.source.close();
      this.keyboard = undefined;
      if (refreshMs === undefined) this.update({ keyboard: undefined });
    }
    if (refreshMs === undefined || this.keyboard || this.closed) return;
    const { env, platform, log } = this.deps;
    const found = keyboardSourceFor(platform, env, (name) => onPath(env, existsSync, name, platform), this.deps.exists ?? existsSync);
    if (!found.driver) {
      this.conditions.say('keyboard', `keyboard: ${found.problem}`);
      this.update({ keyboard: { unavailable: found.problem } });
      return;
    }
    this.conditions.say('keyboard', `keyboard: ${found.why}`);
    // A placeholder until the module is loaded, so a second apply() does not start another.
    const pending = { source: { close: () => undefined } as KeyboardSource, refreshMs };
    this.keyboard = pending;
    void import('../keyboard/sources.js').then(
      ({ watchKeyboard }) => {
        if (this.keyboard !== pending) return;
        pending.source = watchKeyboard((status) => this.update({ keyboard: status }), { driver: found.driver, env, timers: this.deps.timers, log, refreshMs });
      },
      (e: unknown) => log(`keyboard: could not load its source (${e instanceof Error ? e.message : String(e)})`),
    );
  }
}
