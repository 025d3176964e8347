/**
 * What SIGUSR1 and SIGUSR2 do to a running bar (`run`, and the feeds of tmux, Polybar and Waybar; i3bar and
 * swaybar give them the meanings their protocol header declares, feed.ts): SIGUSR1 reads every source again
 * now, as i3status does; SIGUSR2 reads the config file again now, as Waybar and Polybar do. Each is said in the
 * log. Held from the process's first line (io/run-end.ts): neither opens Node's inspector or ends the bar.
 */
import type { LiveBar } from '../app/live-bar.js';
import type { Log } from '../bar/log.js';
import { takeUserSignals } from '../io/run-end.js';

export function answerUserSignals(bar: Pick<LiveBar, 'refresh' | 'reloadConfig'>, log: Log): () => void {
  return takeUserSignals((signal) => {
    if (signal === 'SIGUSR1') {
      log('SIGUSR1: reading every source again');
      bar.refresh();
    } else {
      log('SIGUSR2: reading the config again');
      bar.reloadConfig();
    }
  });
}
