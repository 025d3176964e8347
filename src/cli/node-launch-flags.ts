/**
 * The flags Node is started with for the `tilebar` command. scripts/bundle.mjs writes them into the bundle's
 * #! line (`#!/usr/bin/env -S node --inspect-port=fe80::1:9229`), and whatever starts the bundle with a node of
 * its own (scripts/start.mjs, bench/, the tests, through scripts/node-launch.mjs) passes them too.
 *
 * `--inspect-port=fe80::1:9229` — where Node's inspector would listen if a SIGUSR1 opened it. Node opens an
 * unauthenticated inspector on 127.0.0.1:9229 when it gets SIGUSR1 and nothing in JavaScript listens for it,
 * and another local user who connects to it runs code as the bar's user. tilebar's own listener (held from the
 * launcher's first line, io/run-end.ts) comes only after Node has started and read the launcher: a SIGUSR1 in
 * that window opened the inspector (measured: 50 ms to over 300 ms on a loaded 2-core machine). An IPv6
 * link-local address without a scope id cannot be bound on Linux — bind() fails with EINVAL whatever the
 * machine's interfaces, even with fe80::1 on one of them and net.ipv6.ip_nonlocal_bind=1 (tried in a network
 * namespace) — so such a signal makes Node print "Starting inspector on fe80::1:9229 failed: invalid argument"
 * (a line or two per signal) and go on, with nothing listening. Measured on Node 20.20.2, 22.12.0, 22.23.3,
 * 24.21.0 and 26.12.1; the flag exists on every line, so no version is tested. Each such signal is one more try
 * on Node's main thread (~0.4 ms, with the thread it starts): a flood of them in that window — only the bar's
 * user or root can send one — holds Node's start up as long as it lasts (measured: starts still short of the
 * launcher's first line after 30 s of a flood, where without the flag the first signal opens the inspector and
 * the rest change nothing). The command line beats NODE_OPTIONS: an `--inspect-port` there does not move it, and
 * `NODE_OPTIONS=--inspect` opens nothing either (to debug tilebar: `node --inspect dist/bundle/main.js`).
 *
 * Not `--disable-sigusr1` (Node 22.14 and later): with it Node leaves SIGUSR1 blocked in every thread
 * (SigBlk 0x200 in /proc/<pid>/task/<tid>/status), so a JavaScript listener never hears it — and tilebar's
 * SIGUSR1 (read every source again; i3bar's stop signal) would stop working, silently — and the Node lines before
 * 22.14 refuse it as a bad option.
 */
export const NODE_LAUNCH_FLAGS: readonly string[] = ['--inspect-port=fe80::1:9229'];
