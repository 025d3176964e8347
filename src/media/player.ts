/**
 * Media players as the bar knows them (pure): what one MPRIS player says about itself, read from the
 * untrusted property bag it sends, and which of several players the Media widget shows.
 *
 * A player is any program on the session bus; its strings are bounded here and cleaned for cells by the view.
 */

export const PLAYBACK_STATUSES = ['Playing', 'Paused', 'Stopped'] as const;
export type PlaybackStatus = (typeof PLAYBACK_STATUSES)[number];

export interface MediaPlayer {
  /** Its bus name (`org.mpris.MediaPlayer2.spotify`), or a helper's session id on Windows. */
  id: string;
  status: PlaybackStatus;
  artist: string;
  title: string;
  canGoNext: boolean;
  canGoPrevious: boolean;
  /** Monotonic milliseconds of its last change (appearing counts): the tie-break between players. */
  changedAt: number;
}

/** What the Media widget reads: the player shown, or none (the widget is then hidden). */
export interface MediaStatus {
  player?: MediaPlayer;
  /** Why there is no player source at all (no session bus, no library): said once in the log, never drawn. */
  problem?: string;
}

export type MediaCommand = 'previous' | 'play-pause' | 'next';

/** Longest artist or title kept: a window title is not longer, and a peer could send megabytes. */
export const MAX_MEDIA_TEXT = 512;
/** Most artists joined into one label. */
const MAX_ARTISTS = 8;
/** Most players followed at once: more is a broken or hostile bus. */
export const MAX_PLAYERS = 32;

const bounded = (s: string) => (s.length > MAX_MEDIA_TEXT ? s.slice(0, MAX_MEDIA_TEXT) : s);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? bounded(v) : undefined);
const strings = (v: unknown): string[] | undefined =>
  Array.isArray(v) ? v.slice(0, MAX_ARTISTS).filter((x): x is string => typeof x === 'string' && x.trim() !== '').map(bounded) : typeof v === 'string' ? [bounded(v)] : undefined;

/**
 * A player's MPRIS `org.mpris.MediaPlayer2.Player` properties (variants already unwrapped) merged into
 * what was known of it. Only the keys present change anything (a PropertiesChanged signal carries only the
 * changed ones); a value of the wrong type is ignored, never thrown on.
 */
export function mergePlayerProperties(previous: MediaPlayer, props: Readonly<Record<string, unknown>>, now: number): MediaPlayer {
  const next = { ...previous };
  const status = props.PlaybackStatus;
  if ((PLAYBACK_STATUSES as readonly unknown[]).includes(status)) next.status = status as PlaybackStatus;
  if (typeof props.CanGoNext === 'boolean') next.canGoNext = props.CanGoNext;
  if (typeof props.CanGoPrevious === 'boolean') next.canGoPrevious = props.CanGoPrevious;
  const metadata = props.Metadata;
  if (metadata !== null && typeof metadata === 'object' && !Array.isArray(metadata)) {
    const m = metadata as Record<string, unknown>;
    // `xesam:artist` is a list of strings; a player that sends one string is taken at its word.
    next.artist = (strings(Object.hasOwn(m, 'xesam:artist') ? m['xesam:artist'] : undefined) ?? []).join(', ');
    next.title = str(Object.hasOwn(m, 'xesam:title') ? m['xesam:title'] : undefined) ?? '';
  }
  const changed = next.status !== previous.status || next.artist !== previous.artist || next.title !== previous.title || next.canGoNext !== previous.canGoNext || next.canGoPrevious !== previous.canGoPrevious;
  if (!changed) return previous;
  next.changedAt = now;
  return next;
}

export function newPlayer(id: string, now: number): MediaPlayer {
  return { id, status: 'Stopped', artist: '', title: '', canGoNext: false, canGoPrevious: false, changedAt: now };
}

/**
 * The player shown (playerctld's convention: the most recently active): a playing one first — the one
 * that changed last if several play — else the one that changed last. `playerctld` itself only mirrors
 * another player, so it is never chosen.
 */
export function choosePlayer(players: Iterable<MediaPlayer>): MediaPlayer | undefined {
  let best: MediaPlayer | undefined;
  for (const p of players) {
    if (p.id === 'org.mpris.MediaPlayer2.playerctld') continue;
    if (!best) best = p;
    else {
      const a = p.status === 'Playing' ? 1 : 0;
      const b = best.status === 'Playing' ? 1 : 0;
      if (a > b || (a === b && p.changedAt > best.changedAt)) best = p;
    }
  }
  return best;
}

/** `Artist - Title`, or whichever of the two is not empty (the original's label). */
export function mediaText(p: Pick<MediaPlayer, 'artist' | 'title'>): string {
  const artist = p.artist.trim();
  const title = p.title.trim();
  return artist && title ? `${artist} - ${title}` : artist || title;
}
