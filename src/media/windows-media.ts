/**
 * The Media widget's source on Windows: one long-lived PowerShell helper over the Global System Media
 * Transport Controls (the session the original bar shows), so no native add-on is needed. The helper prints
 * a JSON line whenever what it sees changes — `{"session":null}` or `{"session":{"id","artist","title",
 * "status","canNext","canPrevious"}}` — and reads `previous`, `play-pause` and `next` lines on its stdin.
 *
 * Its lines are untrusted like any peer's: bounded, parsed without throwing, wrong types ignored. A helper
 * that exits is started again after a back-off (5 s doubling up to 5 min: ../system/windows/line-helper.ts),
 * said once; one that never answers just leaves the widget hidden.
 * The protocol is tested with a fake helper process (test/media/windows-media.test.ts); the script itself
 * needs Windows PowerShell 5.1 and was not run here.
 */
import type { MediaSource } from './mpris.js';
import { mergePlayerProperties, newPlayer, type MediaStatus } from './player.js';
import type { Timers } from '../scheduler/timers.js';
import { powershellCommand } from '../system/powershell.js';
import { lineHelper } from '../system/windows/line-helper.js';
import { parseBoundedJson } from '../io/bounded-json.js';

export const WINDOWS_MEDIA_SCRIPT = String.raw`
$ErrorActionPreference = 'Stop'
Add-Type -AssemblyName System.Runtime.WindowsRuntime
$asTask = ([System.WindowsRuntimeSystemExtensions].GetMethods() | Where-Object { $_.Name -eq 'AsTask' -and $_.GetParameters().Count -eq 1 -and $_.GetParameters()[0].ParameterType.Name -eq 'IAsyncOperation${'`'}1' })[0]
function Await($op, [Type]$type) { $t = $asTask.MakeGenericMethod($type).Invoke($null, @($op)); $t.Wait(-1) | Out-Null; $t.Result }
[Windows.Media.Control.GlobalSystemMediaTransportControlsSessionManager,Windows.Media.Control,ContentType=WindowsRuntime] | Out-Null
$manager = Await ([Windows.Media.Control.GlobalSystemMediaTransportControlsSessionManager]::RequestAsync()) ([Windows.Media.Control.GlobalSystemMediaTransportControlsSessionManager])
$stdin = [Console]::In
$pending = $stdin.ReadLineAsync()
$last = ''
while ($true) {
  if ($pending.IsCompleted) {
    $cmd = $pending.Result
    if ($cmd -eq $null) { break }
    $s = $manager.GetCurrentSession()
    if ($s -ne $null) {
      switch ($cmd) {
        'next' { Await ($s.TrySkipNextAsync()) ([bool]) | Out-Null }
        'previous' { Await ($s.TrySkipPreviousAsync()) ([bool]) | Out-Null }
        'play-pause' { Await ($s.TryTogglePlayPauseAsync()) ([bool]) | Out-Null }
      }
    }
    $pending = $stdin.ReadLineAsync()
  }
  $s = $manager.GetCurrentSession()
  if ($s -eq $null) { $line = '{"session":null}' } else {
    $p = Await ($s.TryGetMediaPropertiesAsync()) ([Windows.Media.Control.GlobalSystemMediaTransportControlsSessionMediaProperties])
    $i = $s.GetPlaybackInfo()
    $line = (@{ session = @{ id = $s.SourceAppUserModelId; artist = $p.Artist; title = $p.Title; status = [string]$i.PlaybackStatus; canNext = $i.Controls.IsNextEnabled; canPrevious = $i.Controls.IsPreviousEnabled } } | ConvertTo-Json -Compress -Depth 3)
  }
  if ($line -ne $last) { [Console]::Out.WriteLine($line); [Console]::Out.Flush(); $last = $line }
  Start-Sleep -Milliseconds 500
}
`;

/** One helper line → the status it says, or undefined for a line that is not one. */
export function statusFromHelperLine(line: string, previous: MediaStatus, now: number): MediaStatus | undefined {
  const parsed = parseBoundedJson(line);
  if (!parsed.ok) return undefined;
  const doc = parsed.value;
  if (doc === null || typeof doc !== 'object' || !('session' in doc)) return undefined;
  const session = (doc as { session: unknown }).session;
  if (session === null) return {};
  if (typeof session !== 'object' || Array.isArray(session)) return undefined;
  const s = session as Record<string, unknown>;
  const id = typeof s.id === 'string' && s.id ? s.id.slice(0, 256) : 'windows-media-session';
  const base = previous.player?.id === id ? previous.player : newPlayer(id, now);
  // GSMTC's statuses are Closed, Opened, Changing, Stopped, Playing and Paused.
  const status = s.status === 'Playing' || s.status === 'Paused' ? s.status : 'Stopped';
  const player = mergePlayerProperties(base, { PlaybackStatus: status, CanGoNext: s.canNext, CanGoPrevious: s.canPrevious, Metadata: { 'xesam:artist': typeof s.artist === 'string' && s.artist ? [s.artist] : [], 'xesam:title': s.title } }, now);
  return player === previous.player ? previous : { player };
}

export interface WindowsMediaOptions {
  timers: Timers;
  log(message: string): void;
  /** The helper to run (tests run a fake). */
  helper?: { file: string; args: string[] };
  /** Where the system's PowerShell is read from (SystemRoot); this process's environment when not given. */
  env?: Readonly<Record<string, string | undefined>>;
}

export function watchWindowsMedia(onStatus: (status: MediaStatus) => void, opts: WindowsMediaOptions): MediaSource {
  let status: MediaStatus = {};
  const set = (next: MediaStatus) => {
    if (next === status || (!next.player && !status.player)) return;
    status = next;
    onStatus(next);
  };
  // It speaks unasked, whenever the session changes: kept running, started again by a timer after its back-off.
  const helper = lineHelper({
    name: 'media: the media-session helper',
    command: opts.helper ?? powershellCommand(WINDOWS_MEDIA_SCRIPT, opts.env ?? process.env),
    timers: opts.timers,
    log: opts.log,
    keepRunning: true,
    onLine: (line) => {
      const next = statusFromHelperLine(line, status, opts.timers.now());
      if (!next) return;
      helper.answered();
      set(next);
    },
    onEnd: () => set({}),
  });
  return {
    control(command) {
      if (status.player) helper.send(command);
    },
    close() {
      helper.close();
    },
  };
}
