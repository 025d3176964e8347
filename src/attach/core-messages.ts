/**
 * What a front end accepts from the core: a frame's value with a known `t` and the fields it uses of the right
 * kinds. The core is the user's own process (it proved it holds the key before anything else was read), so the
 * parts of a state are taken as the core made them; what is checked is what the front end would trip over.
 */
import type { CoreMessage, StateMessage } from '../channel/protocol.js';

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function coreMessageOf(value: unknown): CoreMessage | undefined {
  if (!isObj(value) || typeof value.t !== 'string') return undefined;
  switch (value.t) {
    case 'welcome':
      return typeof value.protocol === 'number' && typeof value.app === 'string' && typeof value.pid === 'number' && typeof value.nonce === 'string' && typeof value.proof === 'string' ? (value as CoreMessage) : undefined;
    case 'mismatch':
      return typeof value.protocol === 'number' && typeof value.app === 'string' ? (value as CoreMessage) : undefined;
    case 'attached':
      return typeof value.id === 'number' && typeof value.config === 'string' && typeof value.label === 'string' && typeof value.monitor === 'number' && (value.pipe === undefined || typeof value.pipe === 'string') ? (value as CoreMessage) : undefined;
    case 'refused':
      return typeof value.why === 'string' ? (value as CoreMessage) : undefined;
    case 'bye':
      return typeof value.reason === 'string' && (value.replacedBy === undefined || typeof value.replacedBy === 'string') ? (value as CoreMessage) : undefined;
    case 'log':
      return typeof value.line === 'string' ? (value as CoreMessage) : undefined;
    case 'tick':
      return typeof value.wall === 'number' ? (value as CoreMessage) : undefined;
    case 'report':
      return isObj(value.report) ? (value as CoreMessage) : undefined;
    case 'state':
      return stateOf(value);
    default:
      return undefined;
  }
}

function stateOf(value: Record<string, unknown>): StateMessage | undefined {
  const parts = value.parts;
  if (!isObj(parts)) return undefined;
  if ('model' in parts && !isObj(parts.model)) return undefined;
  if ('epochMs' in parts && typeof parts.epochMs !== 'number') return undefined;
  if ('systemZone' in parts && typeof parts.systemZone !== 'string') return undefined;
  if ('message' in parts && parts.message !== null && typeof parts.message !== 'string') return undefined;
  if (value.statuses !== undefined && !isObj(value.statuses)) return undefined;
  return value as unknown as StateMessage;
}
