/**
 * The Media and Keyboard widgets as a user sees them: a frame for every media display format (playing and
 * paused), inert controls, the label's truncation, when each is hidden, and what a player's or a layout
 * source's hostile values become.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_MEDIA_TEXT, choosePlayer, mediaText, mergePlayerProperties, newPlayer, type MediaPlayer } from '../../src/media/player.js';
import { keyboardView } from '../../widgets/keyboard/view.js';
import { mediaView } from '../../widgets/media/view.js';
import { cli } from '../cli/capture.js';
import { writeBarConfig } from '../support/bar-config.js';

/** The note preview writes on stderr about the widgets it drew no reading for, from the last frame. */
let lastNote = '';

async function frame(widget: Record<string, unknown>, sets: string[], extra: Record<string, unknown> = {}, width = 48): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'tb-'));
  await writeBarConfig(dir, { left_widgets: [widget], right_widgets: [], ...extra });
  const r = await cli(['preview', '--config', join(dir, 'bar.json'), '--format', 'text', '--width', String(width), '--height', '1', '--icons', 'unicode', ...sets.flatMap((s) => ['--set', s])]);
  lastNote = r.err;
  return r.out.replace(/\s+$/, '');
}

const TRACK = ['media.artist=Artist', 'media.title=Title'];

describe('Media frames', () => {
  it.each([
    ['Icon', '♫', '♫'],
    ['Text', 'Artist - Title', 'Artist - Title'],
    ['IconAndText', '♫ Artist - Title', '♫ Artist - Title'],
    ['ControlsOnly', '« ‖ »', '« ► »'],
    ['IconAndControls', '♫ « ‖ »', '♫ « ► »'],
    ['TextAndControls', 'Artist - Title « ‖ »', 'Artist - Title « ► »'],
    ['Full', '♫ Artist - Title « ‖ »', '♫ Artist - Title « ► »'],
  ])('%s: playing and paused', async (display, playing, paused) => {
    expect(await frame({ Media: { enable: true, display } }, [...TRACK, 'media.status=Playing'])).toBe(` ${playing}`);
    expect(await frame({ Media: { enable: true, display } }, [...TRACK, 'media.status=Paused'])).toBe(` ${paused}`);
  });

  it('shows the title alone without an artist, truncates a long label to max_label_width, and is hidden without a player', async () => {
    expect(await frame({ Media: { enable: true } }, ['media.title=Only a title'])).toBe(' ♫ Only a title');
    // 100 px is 13 columns at the default cell: the label gives way with an ellipsis, the buttons stay.
    expect(await frame({ Media: { enable: true, display: 'Full' } }, ['media.artist=A very long artist name', 'media.title=And a long title'], { max_label_width: 100 })).toBe(' ♫ A very long … « ‖ »');
    expect(lastNote).toBe('');
    expect(await frame({ Media: { enable: true, display: 'Full' } }, ['cpu=5'])).toBe('');
    // Not drawn without a player, and preview says so, with the setting that would draw it.
    expect(lastNote).toMatch(/Media left\[0\] +--set media\.title=TEXT/);
  });

  it('draws previous and next dim and inert when the player disables them; the label and play/pause toggle', () => {
    const player: MediaPlayer = { ...newPlayer('p', 0), status: 'Playing', artist: 'A', title: 'T', canGoPrevious: false, canGoNext: true };
    const [unit] = mediaView({ display: 'Full' }, { player });
    const icons = unit?.segments.filter((s) => s.role === 'icon') ?? [];
    expect(icons.map((s) => [s.role === 'icon' && s.icon, s.role === 'icon' && s.tone, s.role === 'icon' && s.action])).toEqual([
      ['HEADPHONES', undefined, { kind: 'media', command: 'play-pause' }],
      ['SKIP_BACK', 'dim', undefined],
      ['PAUSE', undefined, { kind: 'media', command: 'play-pause' }],
      ['SKIP_FORWARD', undefined, { kind: 'media', command: 'next' }],
    ]);
    expect(unit?.segments.find((s) => s.role === 'text' && s.text === 'A - T')).toMatchObject({ action: { kind: 'media', command: 'play-pause' } });
    // Nothing to show and no buttons: hidden, as the original.
    expect(mediaView({ display: 'IconAndText' }, { player: { ...player, artist: '', title: '' } })[0]?.state).toBe('hidden');
    expect(mediaView({ display: 'ControlsOnly' }, { player: { ...player, artist: '', title: '' } })[0]?.state).toBe('normal');
  });
});

describe('choosing the player', () => {
  const p = (id: string, status: MediaPlayer['status'], changedAt: number): MediaPlayer => ({ ...newPlayer(id, changedAt), status });
  it('prefers one that plays, then the most recent change; never playerctld itself', () => {
    expect(choosePlayer([p('a', 'Paused', 5), p('b', 'Playing', 1)])?.id).toBe('b');
    expect(choosePlayer([p('a', 'Playing', 1), p('b', 'Playing', 3)])?.id).toBe('b');
    expect(choosePlayer([p('a', 'Paused', 9), p('b', 'Stopped', 3)])?.id).toBe('a');
    expect(choosePlayer([p('org.mpris.MediaPlayer2.playerctld', 'Playing', 9), p('b', 'Paused', 3)])?.id).toBe('b');
    expect(choosePlayer([])).toBeUndefined();
  });

  it('reads whatever a player sends without throwing, bounded', () => {
    const anything = fc.anything({ maxDepth: 4, withBigInt: true, withMap: true, withSet: true, withNullPrototype: true });
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('PlaybackStatus', 'Metadata', 'CanGoNext', 'CanGoPrevious', '__proto__', 'xesam:artist'), anything), fc.dictionary(fc.constantFrom('xesam:artist', 'xesam:title', '__proto__'), fc.oneof(anything, fc.string({ maxLength: 3000 }), fc.array(fc.string({ maxLength: 2000 }), { maxLength: 40 }))), (props, metadata) => {
        const merged = mergePlayerProperties(newPlayer('x', 0), { ...props, Metadata: metadata }, 1);
        expect(['Playing', 'Paused', 'Stopped']).toContain(merged.status);
        expect(typeof merged.artist).toBe('string');
        expect(merged.title.length).toBeLessThanOrEqual(MAX_MEDIA_TEXT);
        expect(merged.artist.length).toBeLessThanOrEqual(8 * (MAX_MEDIA_TEXT + 2));
        expect(typeof mediaText(merged)).toBe('string');
      }),
      { numRuns: 500 },
    );
  });
});

describe('Keyboard', () => {
  it('shows the layout by the label prefix rules, Error on failure, and nothing before the first answer or without a source', async () => {
    expect(await frame({ Keyboard: { enable: true } }, ['keyboard=de'])).toBe(' ⌨ KB: de');
    expect(await frame({ Keyboard: { enable: true, label_prefix: 'Text' } }, ['keyboard=de'])).toBe(' KB: de');
    expect(await frame({ Keyboard: { enable: true, label_prefix: 'None' } }, ['keyboard=English (US)'])).toBe(' English (US)');
    expect(keyboardView({ label_prefix: 'IconAndText' }, { error: 'sway: connection refused' })[0]).toMatchObject({ state: 'error', segments: [{ role: 'icon' }, { role: 'label', text: 'KB: ' }, { role: 'value', text: 'Error' }] });
    expect(keyboardView({ label_prefix: 'IconAndText' }, undefined)[0]?.state).toBe('hidden');
    expect(keyboardView({ label_prefix: 'IconAndText' }, { unavailable: 'no keyboard layout source' })[0]).toMatchObject({ state: 'hidden', why: 'no keyboard layout source', segments: [] });
  });
});
