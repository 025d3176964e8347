/**
 * The running bar's event sources beside the scheduler's polls: media players and the keyboard layout.
 * Each runs while a config shows an enabled widget for it (started on the first such config, stopped when a
 * reload removes the last one) and is loaded only then: a bar without them never loads D-Bus or X11 code.
 * What keeps a source from starting, or which one started, is a lasting condition: said once for the bar's life
 * and again when it changes (io/conditions.ts), not at each reload that starts the source again.
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

export class EventSources {
  private media: MediaSource | undefined;
  private mediaStarting = false;
  private keyboard: { source: KeyboardSource; refreshMs: number } | undefined;
  private closed = false;
  /** For the bar's life: what was said of each source's condition. */
  private readonly conditions: ConditionLog;

  constructor(
    private readonly deps: EventSourceDeps,
    private readonly update: (change: { media?: MediaStatus | undefined; keyboard?: KeyboardStatus | undefined }) => void,
  ) {
    this.conditions = new ConditionLog(deps.log);
  }

  /** Start or stop sources for this model (the first, or a reload). */
  async apply(model: BarModel): Promise<void> {
    this.applyKeyboard(model);
    await this.applyMedia(model);
  }

  control(command: MediaCommand): void {
    this.media?.control(command);
  }

  close(): void {
    this.closed = true;
    this.media?.close();
    this.keyboard?.source.close();
    this.media = undefined;
    this.keyboard = undefined;
  }

  private async applyMedia(model: BarModel): Promise<void> {
    const wanted = enabledWidget(model, 'Media') !== undefined;
    if (!wanted && this.media) {
      this.media.close();
      this.media = undefined;
      this.update({ media: undefined });
    }
    if (!wanted || this.media || this.mediaStarting || this.closed) return;
    this.mediaStarting = true;
    try {
      const condition = (line: string | undefined) => (line === undefined ? this.conditions.ended('media') : this.conditions.say('media', line));
      const media = await startMediaSource((status) => this.update({ media: status }), { ...this.deps, condition });
      if (this.closed) media.close();
      else this.media = media;
    } finally {
      this.mediaStarting = false;
    }
  }

  private applyKeyboard(model: BarModel): void {
    const widget = enabledWidget(model, 'Keyboard');
    const refreshMs = widget ? Number(widget.config.data_refresh_interval) * 1000 : 0;
    if (this.keyboard && (!widget || this.keyboard.refreshMs !== refreshMs)) {
      this.keyboard.source.close();
      this.keyboard = undefined;
      if (!widget) this.update({ keyboard: undefined });
    }
    if (!widget || this.keyboard || this.closed) return;
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
