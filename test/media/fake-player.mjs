#!/usr/bin/env node
// A fake MPRIS player on the real session bus (dbus-next's service side), for the integration tests.
// Usage: node fake-player.mjs NAME — owns org.mpris.MediaPlayer2.NAME. Reads JSON lines on stdin:
//   {"artist": ["A"], "title": "T", "status": "Playing", "canGoNext": true, "canGoPrevious": false}
// (any subset; each line emits PropertiesChanged with the keys it changes), {"quit": true} to leave the bus.
// Prints `ready` once it owns its name, and `call <Method>` for every control method the bar calls.
import dbus from 'dbus-next';
import { createInterface } from 'node:readline';

const { Interface } = dbus.interface;
const name = `org.mpris.MediaPlayer2.${process.argv[2] ?? 'fake'}`;
const state = { artist: ['Artist A'], title: 'Song 1', status: 'Playing', canGoNext: true, canGoPrevious: true };

class Root extends Interface {
  get Identity() { return 'Fake player'; }
  get CanQuit() { return false; }
  get CanRaise() { return false; }
  get HasTrackList() { return false; }
  get SupportedUriSchemes() { return []; }
  get SupportedMimeTypes() { return []; }
}
Root.configureMembers({
  properties: {
    Identity: { signature: 's', access: 'read' }, CanQuit: { signature: 'b', access: 'read' }, CanRaise: { signature: 'b', access: 'read' },
    HasTrackList: { signature: 'b', access: 'read' }, SupportedUriSchemes: { signature: 'as', access: 'read' }, SupportedMimeTypes: { signature: 'as', access: 'read' },
  },
});

class Player extends Interface {
  get PlaybackStatus() { return state.status; }
  get Metadata() {
    return { 'mpris:trackid': new dbus.Variant('o', '/org/mpris/MediaPlayer2/track/1'), 'xesam:artist': new dbus.Variant('as', state.artist), 'xesam:title': new dbus.Variant('s', state.title) };
  }
  get CanGoNext() { return state.canGoNext; }
  get CanGoPrevious() { return state.canGoPrevious; }
  get CanPlay() { return true; }
  get CanPause() { return true; }
  get CanControl() { return true; }
  Next() { console.log('call Next'); }
  Previous() { console.log('call Previous'); }
  PlayPause() {
    console.log('call PlayPause');
    state.status = state.status === 'Playing' ? 'Paused' : 'Playing';
    Interface.emitPropertiesChanged(this, { PlaybackStatus: state.status });
  }
}
Player.configureMembers({
  properties: {
    PlaybackStatus: { signature: 's', access: 'read' }, Metadata: { signature: 'a{sv}', access: 'read' },
    CanGoNext: { signature: 'b', access: 'read' }, CanGoPrevious: { signature: 'b', access: 'read' },
    CanPlay: { signature: 'b', access: 'read' }, CanPause: { signature: 'b', access: 'read' }, CanControl: { signature: 'b', access: 'read' },
  },
  methods: { Next: {}, Previous: {}, PlayPause: {} },
});

const bus = dbus.sessionBus();
const player = new Player('org.mpris.MediaPlayer2.Player');
bus.export('/org/mpris/MediaPlayer2', new Root('org.mpris.MediaPlayer2'));
bus.export('/org/mpris/MediaPlayer2', player);
await bus.requestName(name, 0);
console.log('ready');

createInterface({ input: process.stdin }).on('line', (line) => {
  const change = JSON.parse(line);
  if (change.quit) {
    bus.disconnect();
    process.exit(0);
  }
  const changed = {};
  for (const key of ['artist', 'title', 'status', 'canGoNext', 'canGoPrevious']) if (key in change) state[key] = change[key];
  if ('artist' in change || 'title' in change) changed.Metadata = player.Metadata;
  if ('status' in change) changed.PlaybackStatus = state.status;
  if ('canGoNext' in change) changed.CanGoNext = state.canGoNext;
  if ('canGoPrevious' in change) changed.CanGoPrevious = state.canGoPrevious;
  Interface.emitPropertiesChanged(player, changed);
  console.log('changed');
});
