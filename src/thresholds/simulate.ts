/**
 * `--set KEY=VALUE`: readings given on the command line instead of read from the machine.
 *   cpu=95  memory=48  battery=12  battery.state=charging  storage./home=91  storage.C:\=50
 *   network.received=2MiB  network.transmitted=300K  network.total_received=5GiB
 *   network.total_transmitted=1GB  network.interface=wlan0  update=0.2.0
 *   media.artist=Artist  media.title=Title  media.status=Playing|Paused|Stopped  keyboard=de
 * Media and Keyboard are not system readings (their sources send events): they ride along as `media` and
 * `keyboard`, which `systemReadings` leaves out.
 */
import { didYouMean } from '../config/suggest.js';
import type { BatteryState, Disk, Readings } from '../system/readings.js';
import { quote } from '../text/safe-text.js';
import { parseBytes } from '../../widgets/bytes.js';
import { boundedLayout, type KeyboardStatus } from '../keyboard/status.js';
import { MAX_MEDIA_TEXT, PLAYBACK_STATUSES, newPlayer, type MediaStatus } from '../media/player.js';

export type SimulatedReadings = Partial<Readings> & { media?: MediaStatus; keyboard?: KeyboardStatus };

/** The system readings only (what the scheduler's sources would return). */
export function systemReadings(r: SimulatedReadings): Partial<Readings> {
  const { media: _media, keyboard: _keyboard, ...rest } = r;
  return rest;
}

export const SET_KEYS = [
  'cpu', 'memory', 'battery', 'battery.state', 'storage.<mount>', 'network.received', 'network.transmitted',
  'network.total_received', 'network.total_transmitted', 'network.interface', 'update',
  'media.artist', 'media.title', 'media.status', 'keyboard',
] as const;

export class SettingError extends Error {}

const BATTERY_STATES: readonly BatteryState[] = ['charging', 'discharging', 'full', 'not charging', 'unknown'];

function percentOf(key: string, value: string): number {
  const n = Number(value.replace(/%$/, ''));
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 100) throw new SettingError(`--set ${key}: expected a percentage 0–100, found ${quote(value)}`);
  return n;
}

function bytesOf(key: string, value: string): number {
  const n = parseBytes(value);
  if (n === undefined) throw new SettingError(`--set ${key}: expected bytes up to 16 EiB, like 2MiB, 300K, 1GB or 1048576, found ${quote(value)}`);
  return n;
}

/** Settings read at most: each is a reading of one source, and no bar has thousands of sources. */
export const MAX_SETTINGS = 10_000;

/**
 * Apply one `KEY=VALUE` to the readings being built, in place (later settings of the same key win); disks are
 * kept by mount in `disks`, so thousands of `storage.*` settings cost linear time.
 */
function applySetting(r: SimulatedReadings, disks: Map<string, Disk>, setting: string): void {
  const eq = setting.indexOf('=');
  if (eq <= 0) throw new SettingError(`--set expects KEY=VALUE (e.g. cpu=95), found ${quote(setting)}`);
  const key = setting.slice(0, eq).trim();
  const value = setting.slice(eq + 1).trim();
  const lower = key.toLowerCase();
  const network = () => (r.network = { interfaces: [], defaultInterface: 'simulated', ...r.network });
  const iface = () => {
    const n = network();
    const name = n.defaultInterface ?? 'simulated';
    let i = n.interfaces.find((x) => x.name === name);
    if (!i) {
      i = { name, receivedBytes: 0, transmittedBytes: 0 };
      n.interfaces = [...n.interfaces, i];
    }
    return i;
  };
  const battery = () => {
    const b = r.battery?.batteries[0] ?? { name: 'simulated', percent: 100, state: 'discharging' as BatteryState };
    r.battery = { batteries: [b] };
    return b;
  };

  if (lower === 'cpu') r.cpu = { percent: percentOf(key, value) };
  else if (lower === 'memory' || lower === 'ram') r.memory = { totalBytes: 100 * 1024 ** 3, usedBytes: percentOf(key, value) * 1024 ** 3 };
  else if (lower === 'battery') battery().percent = percentOf(key, value);
  else if (lower === 'battery.state') {
    const state = BATTERY_STATES.find((s) => s === value.toLowerCase().replace('-', ' '));
    if (!state) throw new SettingError(`--set ${key}: expected one of ${BATTERY_STATES.join(', ')}, found ${quote(value)}`);
    battery().state = state;
  } else if (lower.startsWith('storage.') || lower.startsWith('disk.')) {
    const mount = key.slice(key.indexOf('.') + 1);
    if (!mount) throw new SettingError(`--set ${key}: name the mount point, e.g. storage./home=91`);
    const used = percentOf(key, value);
    disks.delete(mount);
    disks.set(mount, { mount, name: mount, fsType: 'simulated', totalBytes: 100 * 1024 ** 3, usedBytes: used * 1024 ** 3, availableBytes: (100 - used) * 1024 ** 3, readOnly: false, removable: false });
  } else if (lower === 'network.received') network().receivedPerSecond = bytesOf(key, value);
  else if (lower === 'network.transmitted') network().transmittedPerSecond = bytesOf(key, value);
  else if (lower === 'network.total_received') iface().receivedBytes = bytesOf(key, value);
  else if (lower === 'network.total_transmitted') iface().transmittedBytes = bytesOf(key, value);
  else if (lower === 'network.interface') {
    const n = network();
    const old = n.defaultInterface;
    n.defaultInterface = value;
    n.interfaces = n.interfaces.map((i) => (i.name === old ? { ...i, name: value } : i));
  } else if (lower === 'update') r.update = { latest: value.replace(/^v/, '') };
  else if (lower === 'media.artist' || lower === 'media.title' || lower === 'media.status') {
    // A simulated player that can go back and forward: the preview shows every control live.
    const p = r.media?.player ?? { ...newPlayer('simulated', 0), status: 'Playing' as const, canGoNext: true, canGoPrevious: true };
    if (lower === 'media.status') {
      const status = PLAYBACK_STATUSES.find((x) => x.toLowerCase() === value.toLowerCase());
      if (!status) throw new SettingError(`--set ${key}: expected one of ${PLAYBACK_STATUSES.join(', ')}, found ${quote(value)}`);
      r.media = { player: { ...p, status } };
    } else r.media = { player: { ...p, [lower === 'media.artist' ? 'artist' : 'title']: value.slice(0, MAX_MEDIA_TEXT) } };
  } else if (lower === 'keyboard') {
    const layout = boundedLayout(value);
    if (!layout) throw new SettingError(`--set ${key}: expected a layout name like us or de, found ${quote(value)}`);
    r.keyboard = { layout };
  } else {
    const hint = didYouMean(key, SET_KEYS.map((k) => k.replace('.<mount>', '')));
    throw new SettingError(`--set: unknown key ${quote(key)}${hint ? `; ${hint}` : ''} (keys: ${SET_KEYS.join(', ')})`);
  }
}

export function simulatedReadings(settings: readonly string[]): SimulatedReadings {
  if (settings.length > MAX_SETTINGS) throw new SettingError(`${settings.length} readings given; at most ${MAX_SETTINGS} are read`);
  const r: SimulatedReadings = {};
  const disks = new Map<string, Disk>();
  for (const setting of settings) applySetting(r, disks, setting);
  if (disks.size > 0) r.disks = { disks: [...disks.values()] };
  // Rates need both directions to show: an unset one reads 0.
  if (r.network && (r.network.receivedPerSecond !== undefined || r.network.transmittedPerSecond !== undefined)) {
    r.network = { ...r.network, receivedPerSecond: r.network.receivedPerSecond ?? 0, transmittedPerSecond: r.network.transmittedPerSecond ?? 0 };
  }
  return r;
}
