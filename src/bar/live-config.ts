/**
 * The running bar's config: the model it draws, and what is wrong with the file when something is. A bar
 * never stops over its config: at start a file with errors (or none that can be read) gives an empty bar
 * that shows the first located error and the log's path, and the real bar as soon as the file is fixed; while
 * it runs, a bad edit or a fault keeps the last good model and says why. Every located problem goes to the log.
 *
 * A model from the cache of validated models (model-cache.ts) is drawn at once, but it is only an entry in a
 * file: before anything the model says is acted on, `ensureValidated` validates the text itself, and a model
 * that differs from the text's is replaced (and its entry removed).
 */
import { basename } from 'node:path';
import { emptyModel } from '../config/empty-model.js';
import type { BarModel } from '../config/model.js';
import type { ConfigKinds } from '../config/widget-kinds.js';
import { modelCacheKey, readCachedModel, removeCachedModel, writeCachedModel } from '../config/model-cache.js';
import { formatProblem, type Problem } from '../config/problem.js';
import { withoutBom } from '../config/source.js';
import { detectVariant, type Variant } from '../config/variant.js';
import type { ConfigFileEvent } from './config-file.js';
import type { Log } from '../io/log.js';

type Validator = typeof import('../config/load.js');

export interface LiveConfigOptions {
  /** The file, as messages name it. */
  path: string;
  label: string;
  /** The widget kinds a config may use. */
  kinds: ConfigKinds;
  variant?: Variant;
  platform: NodeJS.Platform;
  /** The directory of validated models; absent = always validate. */
  cacheDir?: string;
  log: Log;
  logPath: string;
  /** The build the cache's entries are for: this one (tests name one, since unbundled code has none). */
  cacheBuild?: string;
  /** The validator, loaded on first use (tests inject one). */
  loadValidator?: () => Promise<Validator>;
}

export interface ConfigState {
  model: BarModel;
  /** What is wrong with the file now, in one line for the bar; undefined when the bar shows it as it is. */
  message?: string;
  /** How the model was obtained, for the log. */
  origin: 'validated' | 'cache' | 'empty';
}

export class LiveConfig {
  private current: ConfigState | undefined;
  /** The text of the model shown (without a BOM); undefined while no good config was read. */
  private goodText: string | undefined;
  private validator: Promise<Validator> | undefined;
  private validated = false;
  private seenText: string | undefined;
  /** The file was just changed for another: its first good text is "validated", not "reloaded". */
  private retargeted = false;

  constructor(private opts: LiveConfigOptions) {}

  get state(): ConfigState {
    if (!this.current) throw new Error('LiveConfig.start() has not run');
    return this.current;
  }

  /** The text last read, good or not (what the file watcher compares with). */
  get lastText(): string | undefined {
    return this.seenText;
  }

  /** The first model: from the cache, from validation, or empty with a message. Never throws. */
  async start(read: { ok: true; text: string } | { ok: false; problem: string }): Promise<ConfigState> {
    if (!read.ok) {
      this.current = { model: this.emptyModel(), message: this.faultMessage(read.problem), origin: 'empty' };
      this.opts.log(`config ${this.opts.path} cannot be read: ${read.problem}; waiting for it`);
      return this.current;
    }
    this.seenText = read.text;
    const text = withoutBom(read.text);
    const key = this.opts.cacheDir ? this.cacheKey(text) : undefined;
    if (this.opts.cacheDir && key) {
      const hit = await readCachedModel(this.opts.cacheDir, key, this.opts.kinds);
      if ('model' in hit) {
        this.goodText = text;
        this.current = { model: hit.model, origin: 'cache' };
        return this.current;
      }
      if (hit.miss !== 'no entry') this.opts.log(`cache of validated models: ${hit.miss}; validating the config`);
    }
    return (await this.apply(read.text, 'start')) ?? this.state;
  }

  /** A change of the file: a new text to validate, or a fault to show. Returns the new state when it changed. */
  async handle(e: ConfigFileEvent): Promise<ConfigState | undefined> {
    if (e.kind === 'fault') {
      this.opts.log(`config ${this.opts.path} cannot be read: ${e.problem}; ${this.goodText === undefined ? 'waiting for it' : 'the last good config stays'}`);
      this.current = { ...this.state, message: this.faultMessage(e.problem) };
      return this.current;
    }
    this.seenText = e.text;
    const when = this.retargeted ? 'start' : 'reload';
    this.retargeted = false;
    return this.apply(e.text, when);
  }

  /**
   * The bar uses another file from now on (discovery found one that ranks above it): messages name it, and its
   * first text is validated as a start's is. The model shown stays until that text is good.
   */
  retarget(path: string, label: string): void {
    this.opts = { ...this.opts, path, label };
    this.retargeted = true;
    this.seenText = undefined;
  }

  /**
   * Before acting on the model (a click that launches or sends): make sure it is the text's. A model taken
   * from the cache is compared with the validated one, once. Returns the state to act on.
   */
  async ensureValidated(): Promise<ConfigState> {
    if (this.validated || this.state.origin !== 'cache' || this.goodText === undefined) return this.state;
    const validator = await this.loadValidator();
    if (!validator) return this.state;
    const result = validator.loadConfigText(this.goodText, this.opts.label, this.variantOption());
    this.validated = true;
    if (result.model && JSON.stringify(result.model) === JSON.stringify(this.state.model)) return this.state;
    const key = this.opts.cacheDir ? this.cacheKey(this.goodText) : undefined;
    if (this.opts.cacheDir && key) removeCachedModel(this.opts.cacheDir, key);
    this.opts.log(`cache of validated models: the entry for ${this.opts.path} did not match its text; the entry is removed and the text's own model used`);
    if (result.model) this.current = { model: result.model, origin: 'validated' };
    else this.current = { model: this.state.model, message: this.errorMessage(result.problems), origin: 'validated' };
    return this.current;
  }

  private async apply(raw: string, when: 'start' | 'reload'): Promise<ConfigState | undefined> {
    const validator = await this.loadValidator();
    if (!validator) {
      const message = 'config not reloaded: tilebar changed on disk while running; restart the bar';
      this.current = this.current ? { ...this.current, message } : { model: this.emptyModel(), message, origin: 'empty' };
      return this.current;
    }
    const result = validator.loadConfigText(raw, this.opts.label, this.variantOption());
    if (!result.model) {
      const errors = result.problems.filter((p) => p.severity === 'error');
      const keeps = this.goodText === undefined ? 'the bar waits for a good config' : 'the last good config stays';
      this.opts.log(`config ${this.opts.path} rejected; ${keeps}:\n${errors.map((p) => `  ${formatProblem(this.opts.label, p).replaceAll('\n', '\n  ')}`).join('\n')}`);
      const model = this.current?.model ?? (this.emptyModel());
      this.current = { model, message: this.errorMessage(result.problems), origin: this.current?.origin ?? 'empty' };
      return this.current;
    }
    this.opts.log(when === 'start' ? `config ${this.opts.path} validated` : `config ${this.opts.path} reloaded`);
    this.goodText = result.source.text;
    this.validated = true;
    this.current = { model: result.model, origin: 'validated' };
    // The next start with this text needs no validation.
    const key = this.opts.cacheDir ? this.cacheKey(result.source.text) : undefined;
    if (this.opts.cacheDir && key) writeCachedModel(this.opts.cacheDir, key, result.model);
    return this.current;
  }

  private cacheKey(text: string) {
    return modelCacheKey(text, this.opts.variant, this.opts.platform, this.opts.cacheBuild);
  }

  private variantOption() {
    return { kinds: this.opts.kinds, ...(this.opts.variant ? { variant: this.opts.variant } : {}) };
  }

  private async loadValidator(): Promise<Validator | undefined> {
    this.validator ??= (this.opts.loadValidator ?? (() => import('../config/load.js')))();
    try {
      return await this.validator;
    } catch (e) {
      // Loaded on the first validation after a start from the cache; a tilebar upgraded while the bar runs
      // has replaced its chunks. The bar keeps running and says so.
      this.validator = undefined;
      this.opts.log(`config ${this.opts.path} not reloaded: the validator could not be loaded (${e instanceof Error ? e.message : String(e)}); was tilebar upgraded while running? Restart the bar.`);
      return undefined;
    }
  }

  private emptyModel(): BarModel {
    return emptyModel(this.opts.variant ?? detectVariant(undefined, undefined, this.opts.platform).variant);
  }

  private errorMessage(problems: readonly Problem[]): string {
    const first = problems.find((p) => p.severity === 'error');
    const file = basename(this.opts.path);
    if (!first) return `config error: ${file}: unreadable (log: ${this.opts.logPath})`;
    const { what, where } = barProblem(file, first);
    return `config error: ${what} (${where}; log: ${this.opts.logPath})`;
  }

  private faultMessage(problem: string): string {
    const what = this.goodText === undefined ? 'waiting for it' : 'showing the last good config';
    return `config: ${basename(this.opts.path)}: ${problem}; ${what} (log: ${this.opts.logPath})`;
  }
}

/**
 * A problem as the bar shows it, in one row that may be cut at its end: what is wrong first (the key within its
 * widget, what was expected, what was found), then where (`bar.json:14:30 in right_widgets[3]`); the log has the
 * whole report. A 1-row pane 80 columns wide then still shows the words that say what to change.
 */
export function barProblem(file: string, p: Problem): { what: string; where: string } {
  const widget = /^((?:left|center|right)_widgets\[\d+\])\.(.+)$/.exec(p.path);
  const [key, within] = widget ? [widget[2], ` in ${widget[1]}`] : [p.path, ''];
  // `missing required key "left_widgets"` names its key already: said once, not `left_widgets: … "left_widgets"`.
  const named = key !== undefined && p.message.includes(`"${key.split('.').at(-1) ?? ''}"`);
  return { what: `${key && !named ? `${key}: ` : ''}${p.message}`, where: `${file}:${p.line}:${p.col}${within}` };
}
