/**
 * After the whole suite: nothing new or changed in the checkout. A test that writes where it runs (a host bar
 * started without its own `cwd` runs a click's command there; a program that drops a file beside it) fails the
 * run, named: three empty files named like Polybar tags were once committed that way. `git status --porcelain`
 * before and after, so a developer's own uncommitted work is not counted; ignored files (dist/, .tmp/) are not
 * seen. Outside a git checkout (a package's tarball) there is nothing to compare and nothing is checked.
 * `npm run screenshots` writes docs/feeds on purpose (TILEBAR_SCREENSHOTS): then the check is off.
 */
import { spawnSync } from 'node:child_process';

function status(): Set<string> | undefined {
  const r = spawnSync('git', ['status', '--porcelain=v1', '-z', '--untracked-files=all'], { encoding: 'utf8' });
  if (r.status !== 0 || r.error) return undefined;
  return new Set(r.stdout.split('\0').filter(Boolean));
}

export default function setup(): () => void {
  const before = status();
  return () => {
    if (!before || process.env.TILEBAR_SCREENSHOTS) return;
    const left = [...(status() ?? [])].filter((e) => !before.has(e));
    if (left.length === 0) return;
    // vitest reports an error thrown here but still exits 0: the exit status is set as well.
    process.exitCode = 1;
    throw new Error(`the tests left ${left.length} changes in the checkout (git status): ${left.slice(0, 20).join(', ')}${left.length > 20 ? ', …' : ''}`);
  };
}
