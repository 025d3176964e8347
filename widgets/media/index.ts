/** The Media kind (variant A): the current media session, from the media event source (MPRIS, Windows). */
import { MAX_MEDIA_TEXT, PLAYBACK_STATUSES, newPlayer, type MediaStatus } from '../../src/media/player.js';
import { SettingError } from '../../src/thresholds/simulate.js';
import { quote } from '../../src/text/safe-text.js';
import { defineKind } from '../kind.js';
import { mediaSchema, type MediaConfig } from './schema.js';
import { mediaBlocks, mediaView } from './view.js';

export const media = defineKind<MediaConfig>({
  name: 'Media',
  variants: ['A'],
  schema: mediaSchema,
  docs: () => import('./docs.js').then((m) => m.docs),
  view: (config, ctx) => mediaView(config, ctx.media),
  inputs: (_, ctx) => [ctx.media],
  mostBlocks: mediaBlocks,
  unavailable: async ({ platform, env, exists }) => (await import('../../src/media/availability.js')).mediaUnavailable(platform, env, exists),
  simulation: {
    keys: ['media.artist', 'media.title', 'media.status'],
    fills: 'media',
    hint: 'media.title=TEXT …',
    set(r, key, value) {
      const lower = key.toLowerCase();
      if (lower !== 'media.artist' && lower !== 'media.title' && lower !== 'media.status') return false;
      // A simulated player that can go back and forward: the preview shows every control live.
      const p = (r.media as MediaStatus | undefined)?.player ?? { ...newPlayer('simulated', 0), status: 'Playing' as const, canGoNext: true, canGoPrevious: true };
      if (lower === 'media.status') {
        const status = PLAYBACK_STATUSES.find((x) => x.toLowerCase() === value.toLowerCase());
        if (!status) throw new SettingError(`--set ${key}: expected one of ${PLAYBACK_STATUSES.join(', ')}, found ${quote(value)}`);
        r.media = { player: { ...p, status } } satisfies MediaStatus;
      } else r.media = { player: { ...p, [lower === 'media.artist' ? 'artist' : 'title']: value.slice(0, MAX_MEDIA_TEXT) } } satisfies MediaStatus;
      return true;
    },
  },
});
