/**
 * What SIGUSR1 and SIGUSR2 do to a running bar. In `run` and the feeds of tmux, Polybar and Waybar: SIGUSR1
 * reads every source again now, as i3status does; SIGUSR2 reads the config file again now, as Waybar and
 * Polybar do. i3bar and swaybar give them the meanings their protocol header declares: stop (the bar is hidden:
 * no polling until it shows, i3bar.ts says why not SIGSTOP) and continue. Each is said in the log. Held from the
 * process's first line (io/run-end.ts), and kept from opening Node's inspector before it by the command's #! line
 * (node-launch-flags.ts): neither opens Node's inspector or ends the bar.
 */
import type { LiveBar } from '../app/live-bar.js';
import type { Log } from '../io/log.js';
import { I3BAR_CONT_SIGNAL, I3BAR_STOP_SIGNAL } from '../feeds/i3bar.js';
import { shutEarlyInspector, takeUserSignals, type UserSignal } from '../io/run-end.js';

/** Signals that came while the bar started were kept, and are answered now, in order. */
function answer(take: (signal: UserSignal) => void, log: Log): () => void {
  if (shutEarlyInspector()) log("a SIGUSR1 came while Node itself was starting, before tilebar could hold it, in a node started without the command's launch flags: Node's inspector, which it opened, is shut");
  return takeUserSignals(take);
}

export function answerUserSignals(bar: Pick<LiveBar, 'refresh' | 'reloadConfig'>, log: Log): () => void {
  return answer((signal) => {
    if (signal === 'SIGUSR1') {
      log('SIGUSR1: reading every source again');
      bar.refresh();
    } else {
      log('SIGUSR2: reading the config again');
      bar.reloadConfig();
    }
  }, log);
}

export function answerHostSignals(bar: Pick<LiveBar, 'pause' | 'resume'>, host: string, log: Log): () => void {
  return answer((signal) => {
    if (signal === I3BAR_STOP_SIGNAL) {
      log(`${signal} (${host}'s stop signal): the bar is hidden; polling paused`);
      bar.pause();
    } else if (signal === I3BAR_CONT_SIGNAL) {
      log(`${signal} (${host}'s continue signal): the bar shows; polling again`);
      bar.resume();
    }
  }, log);
}
