/*
 * Run by node.exe under Wine: starts the bundle's runs, each with Windows variables of its own.
 *
 * Wine sets USERPROFILE, LOCALAPPDATA, APPDATA (from its prefix's profile, C:\users\<name>) for a process started
 * from Linux, over what the Linux environment says, and drops HOME; a Windows parent's environment reaches its
 * Windows child as given. So the runs are started from here: `node.exe windows-env.cjs PLAN.json`, where the plan
 * is { program, before, runs: [{ args, env, cwd }], inherit }: each run starts `program` (tilebar.exe; when absent,
 * this node.exe) with `before` (for node.exe: what npm's .cmd shim passes it from the bundle's #! line, then the
 * bundle) and then the run's arguments, in `cwd` when given. With `inherit` (one run in a terminal), the run has
 * this process's console (titled, as a Windows console is) and its exit status; otherwise run i writes i.out, i.err and i.status in this process's
 * current directory.
 */
'use strict';
const { spawnSync } = require('node:child_process');
const { closeSync, openSync, readFileSync, writeFileSync } = require('node:fs');

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));
/** Starts of one run that gave no exit status, at most (see below). */
const MOST_STARTS = 3;
const program = plan.program ?? process.execPath;
plan.runs.forEach((run, i) => {
  const env = { ...process.env, ...run.env };
  const options = { env, ...(run.cwd ? { cwd: run.cwd } : {}) };
  if (plan.inherit) {
    // The console a run in a terminal shares gets a title first, as every console on Windows has one (wine.ts:
    // consoleTitled says why); tilebar's own reading of it is then what Windows would give.
    process.title = 'tilebar';
    const r = spawnSync(program, [...plan.before, ...run.args], { ...options, stdio: 'inherit' });
    process.exitCode = r.status ?? 1;
    return;
  }
  // A start that gave no exit status at all (spawnSync's error: Wine could not start the program this time) is no
  // result of the program's: tried again, at most MOST_STARTS times. On Windows every process that ran has an exit
  // status, a crash's included, so a status is never tried again. Once in some 600 starts Wine gave none (CI).
  let why = '';
  for (let start = 1; start <= MOST_STARTS; start++) {
    const out = openSync(`${i}.out`, 'w');
    const err = openSync(`${i}.err`, 'w');
    const r = spawnSync(program, [...plan.before, ...run.args], { ...options, stdio: ['ignore', out, err] });
    closeSync(out);
    closeSync(err);
    if (r.status !== null) {
      writeFileSync(`${i}.status`, String(r.status));
      return;
    }
    why += `start ${start}: no exit status (${r.error ? `${r.error.code ?? ''} ${r.error.message}` : `signal ${r.signal}`})\n`;
  }
  // Said where the test reads the run's stderr: the runs compared then differ, and say why.
  writeFileSync(`${i}.err`, `windows-env.cjs: ${why}`);
  writeFileSync(`${i}.status`, 'none');
});
