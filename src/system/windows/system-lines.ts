/**
 * The system helper's answers (./system-helper.ts), read without trusting them: one JSON line per request,
 * `{"network":[{name,description,up,loopback,gateway,rx,tx},…]}`, `{"battery":{percent,charge,line}}` or
 * `{"error":"…","request":"network"|"battery"}`. Lines too deep or too large are refused; wrong types are
 * ignored (an interface whose counters are not finite non-negative numbers is left out); names are cleaned
 * for the bar and bounded; at most MAX_INTERFACES interfaces are kept.
 */
import { parseBoundedJson } from '../../io/bounded-json.js';
import type { Battery, BatteryReading, BatteryState, InterfaceCounters } from '../readings.js';
import { displayText } from '../../text/safe-text.js';

export type SystemRequest = 'network' | 'battery';

/** One poll's network counters, with the default interface picked. */
export interface NetworkAnswer {
  interfaces: InterfaceCounters[];
  defaultInterface?: string;
}

export type SystemAnswer =
  | { kind: 'network'; network: NetworkAnswer }
  | { kind: 'battery'; battery: BatteryReading }
  | { kind: 'error'; request?: SystemRequest; error: string };

export const MAX_INTERFACES = 64;
const MAX_NAME = 64;
/** A machine's adapters (dozens, virtual ones included) with their fields, and room to spare. */
const LIMITS = { maxDepth: 6, maxValues: 4096 };

/** Windows battery charge flags (System.Windows.Forms.BatteryChargeStatus). */
const CHARGING = 8;
const NO_SYSTEM_BATTERY = 128;
const UNKNOWN_STATUS = 255;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const counter = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= Number.MAX_SAFE_INTEGER ? v : undefined);

function networkAnswer(list: unknown[]): NetworkAnswer {
  const interfaces: InterfaceCounters[] = [];
  let defaultInterface: string | undefined;
  for (const item of list) {
    if (interfaces.length >= MAX_INTERFACES) break;
    if (!isRecord(item) || typeof item.name !== 'string') continue;
    const name = displayText(item.name, MAX_NAME).trim();
    const receivedBytes = counter(item.rx);
    const transmittedBytes = counter(item.tx);
    if (!name || receivedBytes === undefined || transmittedBytes === undefined || interfaces.some((i) => i.name === name)) continue;
    interfaces.push({ name, receivedBytes, transmittedBytes });
    // The default interface: the first one up, not the loopback, with an IPv4 gateway (what the default route goes through).
    if (defaultInterface === undefined && item.up === true && item.loopback !== true && item.gateway === true) defaultInterface = name;
  }
  return { interfaces, ...(defaultInterface !== undefined ? { defaultInterface } : {}) };
}

function batteryState(charge: number, line: unknown, percent: number): BatteryState {
  if (charge !== UNKNOWN_STATUS && (charge & CHARGING) !== 0) return 'charging';
  if (line === 'Online') return percent >= 100 ? 'full' : 'not charging';
  if (line === 'Offline') return 'discharging';
  return 'unknown';
}

function batteryAnswer(b: Record<string, unknown>): BatteryReading {
  const charge = typeof b.charge === 'number' && Number.isInteger(b.charge) && b.charge >= 0 && b.charge <= 255 ? b.charge : UNKNOWN_STATUS;
  const percent = typeof b.percent === 'number' && Number.isFinite(b.percent) && b.percent >= 0 && b.percent <= 100 ? b.percent : undefined;
  // No battery, or none Windows can measure (255 % is its "unknown"): nothing to show.
  if ((charge !== UNKNOWN_STATUS && (charge & NO_SYSTEM_BATTERY) !== 0) || percent === undefined) return { batteries: [] };
  const battery: Battery = { name: 'battery', percent, state: batteryState(charge, b.line, percent) };
  return { batteries: [battery] };
}

/** One line of the helper → what it answers, or undefined for a line that is not an answer. Never throws. */
export function parseSystemLine(line: string): SystemAnswer | undefined {
  const parsed = parseBoundedJson(line, LIMITS);
  if (!parsed.ok || !isRecord(parsed.value)) return undefined;
  const doc = parsed.value;
  if (Array.isArray(doc.network)) return { kind: 'network', network: networkAnswer(doc.network) };
  if (isRecord(doc.battery)) return { kind: 'battery', battery: batteryAnswer(doc.battery) };
  if (typeof doc.error === 'string') {
    const request = doc.request === 'network' || doc.request === 'battery' ? doc.request : undefined;
    return { kind: 'error', error: displayText(doc.error, 200), ...(request ? { request } : {}) };
  }
  return undefined;
}
