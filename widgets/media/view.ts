/**
 * Media widget's view (pure): the player shown, as the original draws it — the HEADPHONES icon and
 * `Artist - Title` (which toggle playback when clicked), then previous, play/pause and next. Previous and next
 * are dim and inert while the player disables them; play/pause shows PAUSE while playing. The visual order is
 * the same in every list. No player (or nothing to show) hides the widget.
 */
import { mediaText, type MediaStatus } from '../../src/media/player.js';
import type { MediaConfig } from './schema.js';
import type { Segment, UnitView } from '../view.js';

const SHOWS = {
  Icon: { icon: true, text: false, controls: false },
  Text: { icon: false, text: true, controls: false },
  IconAndText: { icon: true, text: true, controls: false },
  ControlsOnly: { icon: false, text: false, controls: true },
  IconAndControls: { icon: true, text: false, controls: true },
  TextAndControls: { icon: false, text: true, controls: true },
  Full: { icon: true, text: true, controls: true },
} as const satisfies Record<MediaConfig['display'], { icon: boolean; text: boolean; controls: boolean }>;

/** Its click targets at most: the icon and text (one, both toggle playback), then previous, play/pause and next. */
export function mediaBlocks(config: Pick<MediaConfig, 'display'>): number {
  const shows = SHOWS[config.display];
  return (shows.icon || shows.text ? 1 : 0) + (shows.controls ? 3 : 0);
}

export function mediaView(config: Pick<MediaConfig, 'display'>, status: MediaStatus | undefined): UnitView[] {
  const base = { id: 'media', name: 'Media', checks: [] };
  const player = status?.player;
  if (!player) return [{ ...base, segments: [], state: 'hidden', why: status?.problem ?? 'no media player' }];
  const shows = SHOWS[config.display];
  const text = mediaText(player);
  if (!text && !shows.controls) return [{ ...base, segments: [], state: 'hidden', why: `${player.id}: no artist or title` }];
  const toggle = { kind: 'media', command: 'play-pause' } as const;
  const segments: Segment[] = [];
  if (shows.icon) segments.push({ role: 'icon', icon: 'HEADPHONES', action: toggle });
  if (shows.text && text) segments.push({ role: 'text', text, action: toggle });
  if (shows.controls) {
    // A space between the label and the buttons and between buttons: each is its own click target.
    const gap = { role: 'text', text: ' ' } as const;
    if (segments.length > 0) segments.push(gap);
    segments.push(
      player.canGoPrevious ? { role: 'icon', icon: 'SKIP_BACK', action: { kind: 'media', command: 'previous' } } : { role: 'icon', icon: 'SKIP_BACK', tone: 'dim' },
      gap,
      { role: 'icon', icon: player.status === 'Playing' ? 'PAUSE' : 'PLAY', action: toggle },
      gap,
      player.canGoNext ? { role: 'icon', icon: 'SKIP_FORWARD', action: { kind: 'media', command: 'next' } } : { role: 'icon', icon: 'SKIP_FORWARD', tone: 'dim' },
    );
  }
  return [{ ...base, segments, state: 'normal', why: `${player.id}: ${player.status}`, valueText: text }];
}
