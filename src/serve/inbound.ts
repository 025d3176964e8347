/**
 * What the core accepts from a front end, checked before anything acts on it: each message's shape, with every
 * string, list and number bounded. A message that fails is not answered: the connection that sent it is dropped
 * (core-server.ts). A click's window-manager messages must be words of the config's message vocabulary, the same
 * check a config's own messages pass; whether a launch is one the bar's config names is checked later, against
 * that bar's model (core-server.ts), since only the core knows which config a front end shows.
 */
import * as z from 'zod';
import { MOUSE_TRIGGERS } from '../config/schema/mouse.js';
import { socketMessage } from '../config/schema/socket-message.js';
import { VARIANTS } from '../config/variant.js';
import { ICON_SETS } from '../../widgets/icons.js';
import { LOOP_PARTS } from '../feeds/loop-part.js';
import type { FrontMessage } from '../channel/protocol.js';

const MAX_PATH = 4096;
/** A click's messages: a workspace click sends two or three; a binding's batch a few more. */
const MAX_MESSAGES = 32;
const MAX_COMMAND = 8192;
/** Monitors a view can name: komorebi's indices; far more than anyone has. */
const MAX_MONITOR = 63;
/** A tilebar version at most (semver's own bound): a nightly's carries its commit. */
const MAX_VERSION = 256;

const text = (max: number) => z.string().max(max);
/** No control characters: these reach the core's log (a newline would forge a line of it). */
const plain = (max: number) => text(max).refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'expected no control characters');
const absolutePath = plain(MAX_PATH).refine((p) => p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p) || p.startsWith('\\\\'), 'expected an absolute path');

const role = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('pane') }),
  z.strictObject({
    kind: z.literal('feed'),
    host: z.string().regex(/^[a-z0-9-]{1,32}$/, 'expected a host bar’s name'),
    pipe: z.strictObject({ icons: z.enum(ICON_SETS), place: z.string().regex(/^[a-z]{1,16}$/).optional(), tmuxPid: z.int().min(1).max(2 ** 32).optional(), reader: z.int().min(0).max(2 ** 32), part: z.enum(LOOP_PARTS).optional() }).optional(),
  }),
  z.strictObject({ kind: z.literal('status') }),
  z.strictObject({ kind: z.literal('core') }),
  z.strictObject({ kind: z.literal('stop') }),
]);

const select = z.strictObject({
  config: absolutePath.optional(),
  monitor: z.int().min(0).max(MAX_MONITOR).optional(),
  listed: z.literal(true).optional(),
  variant: z.enum(VARIANTS as [string, ...string[]]).optional(),
  tiler: text(64).optional(),
  komorebiDir: absolutePath.optional(),
  updateUrl: text(2048).optional(),
  log: absolutePath.optional(),
});

const action = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('messages'), messages: z.array(z.unknown()).min(1).max(MAX_MESSAGES) }),
  z.strictObject({ kind: z.literal('launch'), id: text(512), command: text(MAX_COMMAND) }),
  z.strictObject({ kind: z.literal('media'), command: z.enum(['previous', 'play-pause', 'next']) }),
]);

const bare = <T extends string>(t: T) => z.strictObject({ t: z.literal(t) });

const frontMessage = z.discriminatedUnion('t', [
  // `app`: a version (semver's longest is 256), which a core making way for it names in its log and to its front ends.
  z.strictObject({ t: z.literal('hello'), protocol: z.int(), app: plain(MAX_VERSION), nonce: text(64) }),
  z.strictObject({ t: z.literal('auth'), proof: text(64) }),
  z.strictObject({ t: z.literal('attach'), role, select, pid: z.int().min(0).max(2 ** 32) }),
  z.strictObject({ t: z.literal('act'), action }),
  z.strictObject({ t: z.literal('bind'), trigger: z.enum(MOUSE_TRIGGERS), mouseFollowsFocus: z.boolean().optional() }),
  bare('pause'),
  bare('resume'),
  bare('refresh'),
  bare('reload'),
  bare('status'),
  bare('detach'),
]);

/** A front end's message, or why it is not one (never thrown; never quoting what was sent). */
export function frontMessageOf(value: unknown): { ok: true; message: FrontMessage } | { ok: false; problem: string } {
  const parsed = frontMessage.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, problem: `${issue?.path.join('.') || 'message'}: ${issue?.message ?? 'not a message'}` };
  }
  const message = parsed.data as FrontMessage;
  if (message.t === 'act' && message.action.kind === 'messages') {
    const messages = [];
    for (const m of message.action.messages) {
      const one = socketMessage().safeParse(m);
      if (!one.success) return { ok: false, problem: 'action.messages: not a window-manager message of the vocabulary' };
      messages.push(one.data);
    }
    return { ok: true, message: { t: 'act', action: { kind: 'messages', messages } } };
  }
  return { ok: true, message };
}
