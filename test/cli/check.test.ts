import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { cli } from './capture.js';
import { discoverConfig } from '../../src/config/discover.js';
import { writeBarConfig } from '../support/bar-config.js';
import { tilebarArgs } from '../support/tilebar-command.js';

const tmp = () => mkdtemp(join(tmpdir(), 'tilebar-'));

describe('tilebar check', () => {
  it('passes the example config, listing what each section shows', async () => {
    // A session where Media and Keyboard have sources (a session bus, an X display).
    const r = await cli(['check', 'config.example.json'], { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1000/bus', DISPLAY: ':0' });
    expect(r.code).toBe(0);
    // Its one warning: the Update widget has nothing to compare with until tilebar is published (update-check.ts).
    expect(r.out).toContain('config.example.json:66:7: warning: right_widgets[0].Update: on this machine: tilebar is not published yet: there is no release to compare this one with\n');
    expect(r.out).toContain('config.example.json: ok (variant A from $schema; 0 errors, 1 warning, 0 notes)');
    expect(r.out).toContain('right  Update, Network, Storage, Cpu, Memory, Battery, Keyboard, Date, Time');
  });

  it('warns at a Media or Keyboard widget that would have no source on this machine, saying what it needs', async () => {
    const dir = await tmp();
    await writeBarConfig(dir, '{\n  "left_widgets": [],\n  "center_widgets": [ { "Media": { "enable": true } } ],\n  "right_widgets": [\n    { "Keyboard": { "enable": true } },\n    { "Keyboard": { "enable": false } }\n  ]\n}\n');
    // No session bus, no display, nothing on PATH.
    const bare = await cli(['check', 'bar.json'], { PATH: '' }, dir);
    expect(bare.code).toBe(0);
    expect(bare.out).toContain('bar.json:3:25: warning: center_widgets[0].Media: on this machine: no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set and there is no $XDG_RUNTIME_DIR/bus): media players cannot be seen\n');
    // The Keyboard widget's last resort is the system layout's files, which this machine may have.
    const systemLayout = ['/etc/default/keyboard', '/etc/X11/xorg.conf.d/00-keyboard.conf', '/etc/vconsole.conf'].some((f) => existsSync(f));
    if (!systemLayout) expect(bare.out).toContain('bar.json:5:7: warning: right_widgets[0].Keyboard: on this machine: no keyboard layout source in this session: not sway (SWAYSOCK), Hyprland (HYPRLAND_INSTANCE_SIGNATURE), GNOME or X11 (DISPLAY), and no system keyboard layout (/etc/default/keyboard, /etc/X11/xorg.conf.d/00-keyboard.conf, /etc/vconsole.conf); the widget is hidden\n');
    expect(bare.out).toContain(systemLayout ? '0 errors, 1 warning' : '0 errors, 2 warnings');
    // In a sway session with a bus, nothing to say.
    const sway = await cli(['check', 'bar.json'], { PATH: '', SWAYSOCK: '/run/user/1000/sway-ipc.sock', DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1000/bus' }, dir);
    expect(sway.out).toContain('0 errors, 0 warnings');
  });

  it("says when the feeds' private directory here is another user's, and what to do", async () => {
    const runtime = await mkdtemp(join(tmpdir(), 'tb-check-runtime-'));
    try {
      const good = await cli(['check', 'config.example.json'], { XDG_RUNTIME_DIR: runtime });
      expect(good.out).not.toContain('feeds here');
      // Only looked at: check makes nothing there.
      expect(readdirSync(runtime)).toEqual([]);
      // A click file others can write to is not read, and check says so.
      mkdirSync(join(runtime, 'tilebar'), { mode: 0o700 });
      writeFileSync(join(runtime, 'tilebar', 'polybar-1.clicks'), '', { mode: 0o666 });
      chmodSync(join(runtime, 'tilebar', 'polybar-1.clicks'), 0o666);
      const open = await cli(['check', 'config.example.json'], { XDG_RUNTIME_DIR: runtime });
      expect(open.out).toContain(`  feeds here: ${join(runtime, 'tilebar', 'polybar-1.clicks')}: others can write to it (mode 666); clicks written there are not read (remove it: the feed makes its own when it starts)\n`);
      await rm(join(runtime, 'tilebar'), { recursive: true });
      if (process.getuid?.() === 0) {
        mkdirSync(join(runtime, 'tilebar'));
        chownSync(join(runtime, 'tilebar'), 65534, 65534);
        const planted = await cli(['check', 'config.example.json'], { XDG_RUNTIME_DIR: runtime });
        expect(planted.out).toContain(`  feeds here: ${join(runtime, 'tilebar')} belongs to another user (uid 65534): the feeds make nothing in it and use a directory of their own`);
        expect(planted.out).toContain(`(remove ${join(runtime, 'tilebar')}, or have its owner remove it, to go back to it)`);
        await rm(join(runtime, 'tilebar'), { recursive: true });
        // The runtime directory itself is the user's, but on a way another user controls: they can move it away
        // and put their own in its place, so nothing is made in it.
        const theirs = join(runtime, 'theirs');
        mkdirSync(join(theirs, 'run'), { recursive: true, mode: 0o700 });
        chmodSync(theirs, 0o755);
        chownSync(theirs, 65534, 65534);
        const way = await cli(['check', 'config.example.json'], { XDG_RUNTIME_DIR: join(theirs, 'run') });
        expect(way.out).toContain(`  feeds here: ${theirs} belongs to another user (uid 65534): the feeds make nothing in it and use a directory of their own`);
      }
    } finally {
      await rm(runtime, { recursive: true, force: true });
    }
  });

  it('says which window manager run would use here, and with --tiler what does nothing on that one', async () => {
    const here = await cli(['check', 'config.example.json'], { SWAYSOCK: '/run/user/1000/sway-ipc.sock' });
    expect(here.out).toContain('  window manager here: sway (SWAYSOCK is set)\n');
    const none = await cli(['check', 'config.example.json'], { XDG_RUNTIME_DIR: '/nonexistent' });
    expect(none.out).toContain('  window manager here: none (no window manager found; looked for SWAYSOCK, I3SOCK, HYPRLAND_INSTANCE_SIGNATURE, a komorebi socket in /nonexistent/komorebi)\n');

    const i3 = await cli(['check', '--tiler', 'i3', 'config.example.json']);
    expect(i3.code).toBe(0);
    expect(i3.out).toContain('config.example.json:32:5: warning: mouse.on_middle_click: on i3: TogglePause has no i3/sway equivalent; this binding does nothing there\n');
    expect(i3.out).toContain('warning: left_widgets[0].Komorebi: on i3: Tiler layout: a click sends WorkspaceLayout BSP');
    expect(i3.out).toContain('warning: left_widgets[0].Komorebi.locked_container: on i3: there are no container locks; locked_container is not shown\n');
    expect(i3.out).toContain('  window manager here: i3 (--tiler i3)\n');
    // Workspace clicks, the Columns/Rows/stack layouts and the wheel's CycleFocusWorkspace all work on i3.
    expect(i3.out).not.toMatch(/FocusMonitorWorkspaceNumber|CycleFocusWorkspace|VerticalStack:/);

    const json = await cli(['check', '--json', '--tiler', 'hyprland', 'config.example.json']);
    const [report] = JSON.parse(json.out) as Array<{ tiler: unknown; problems: Array<{ path: string; message: string }> }>;
    expect(report?.tiler).toEqual({ manager: 'hyprland', why: '--tiler hyprland' });
    expect(report?.problems.some((p) => p.path === 'mouse.on_middle_click' && /on Hyprland: TogglePause/.test(p.message))).toBe(true);

    // komorebi on a Unix socket takes every message as it is: nothing to warn about but the unpublished Update.
    const komorebi = await cli(['check', '--tiler', 'komorebi', 'config.example.json'], { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1000/bus', DISPLAY: ':0' });
    expect(komorebi.out).toContain('0 errors, 1 warning');
    expect(komorebi.out).toContain('right_widgets[0].Update: on this machine: tilebar is not published yet');
    expect((await cli(['check', '--tiler', 'xmonad', 'config.example.json'])).code).toBe(2);
  });

  it('exits 1 with located errors and a caret excerpt', async () => {
    const dir = await tmp();
    await writeBarConfig(dir, '{\n  "left_widgets": [],\n  "right_widgets": [ { "Cpu": { "enable": true, "auto_select_over": 300 } } ]\n}\n');
    const r = await cli(['check', 'bar.json'], {}, dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain('bar.json:3:69: error: right_widgets[0].Cpu.auto_select_over: expected an integer 0–255, found 300\n');
    // Piped: no colour at all.
    expect(r.out).not.toContain('\x1b');
    expect(r.out).toContain(`    3 |   "right_widgets": [ { "Cpu": { "enable": true, "auto_select_over": 300 } } ]\n      | ${' '.repeat(68)}^\n`);
    expect(r.out).toContain('bar.json: rejected (variant A from platform; 1 error, 0 warnings, 0 notes)');
  });

  it('prints the problems as data with --json', async () => {
    const dir = await tmp();
    await writeBarConfig(dir, '{"left_widgets": [], "right_widgets": [], "tranparency_alpha": 3}', 'b.json');
    const r = await cli(['check', '--json', '--variant', 'B', 'b.json'], {}, dir);
    expect(r.code).toBe(0);
    // One shape for one file or many: an array of reports.
    const [report] = JSON.parse(r.out);
    expect(report).toMatchObject({ file: 'b.json', variant: 'B', variantSource: 'flag', ok: true, counts: { error: 0, warning: 1, note: 0 } });
    expect(report.problems[0]).toEqual({
      severity: 'warning',
      path: 'tranparency_alpha',
      line: 1,
      col: 43,
      message: 'unknown key "tranparency_alpha" (ignored)',
      hint: 'did you mean "transparency_alpha"?',
      // What --fix would write: the one key plainly meant.
      fix: { offset: 42, length: 19, content: '"transparency_alpha"' },
    });
  });

  it('--fix renames a misspelt kind, key or name when one is plainly meant, unquotes a plain number or boolean, and says what it left', async () => {
    const dir = await tmp();
    const file = join(dir, 'typo.json');
    await writeFile(
      file,
      '{\n  // a comment kept\n  "left_widgets": [ { "Baterry": { "enable": true, "data_refresh_interval": "2" } } ],\n  "right_widgets": [ { "Cpu": { "enabel": "true" } }, { "Memory": { "enable": true, "label_prefix": "Txet" } } ],\n  "theme": { "palette": "Base16", "name": "Mocah" },\n  "height": "2px"\n}\n',
    );
    const r = await cli(['check', '--fix', 'typo.json'], {}, dir);
    expect(r.code).toBe(1);
    for (const line of [
      'typo.json:3:23: fixed: left_widgets[0].Baterry: "Baterry" → "Battery"',
      'typo.json:4:33: fixed: right_widgets[0].Cpu.enabel: "enabel" → "enable"',
      'typo.json:4:101: fixed: right_widgets[1].Memory.label_prefix: "Txet" → "Text"',
      'typo.json:5:43: fixed: theme.name: "Mocah" → "Mocha"',
      'typo.json:3:77: fixed: left_widgets[0].Battery.data_refresh_interval: "2" → 2',
      'typo.json:4:43: fixed: right_widgets[0].Cpu.enable: "true" → true',
      'typo.json: --fix changed 6 things (above); left 1 error it cannot decide for you (each message above says what was expected there)',
    ]) expect(r.out).toContain(`${line}\n`);
    // "2px" is not plainly a number: left, with its error.
    expect(r.out).toContain('typo.json:6:13: error: height: expected a number 0–10000, found "2px"');
    expect(await readFile(file, 'utf8')).toBe(
      '{\n  // a comment kept\n  "left_widgets": [ { "Battery": { "enable": true, "data_refresh_interval": 2 } } ],\n  "right_widgets": [ { "Cpu": { "enable": true } }, { "Memory": { "enable": true, "label_prefix": "Text" } } ],\n  "theme": { "palette": "Base16", "name": "Mocha" },\n  "height": "2px"\n}\n',
    );
  });

  it('exits 2 on usage errors', async () => {
    expect((await cli(['check', '--variant', 'C', 'x.json'])).code).toBe(2);
    const missing = await cli(['check', 'does-not-exist.json']);
    expect(missing).toMatchObject({ code: 2, err: 'tilebar: cannot read does-not-exist.json: no such file\n' });
    expect((await cli(['check', '.'])).err).toBe('tilebar: cannot read .: it is a directory\n');
    expect((await cli(['frobnicate'])).code).toBe(2);
    expect((await cli(['check', '--bogus'])).code).toBe(2);
  });

  it('--fix renames old keys and fixes unambiguous spellings, keeping comments and layout', async () => {
    const dir = await tmp();
    const file = join(dir, 'bar.json');
    const original = [
      '{',
      '  // my theme',
      '  "theme": { "palette": "Base16", "name": "gruvbox-dark-medium" },',
      '  "left_widgets": [ { "Komorebi": { "focused_window": { "enable": true } } } ], /* keep me */',
      '  "right_widgets": [ { "CPU": { "enable": true } } ],',
      '  "grouping": { "kind": "Widget", "style": "CtByte", },',
      '}',
    ].join('\r\n');
    await writeFile(file, original);
    const r = await cli(['check', '--fix', 'bar.json'], {}, dir);
    expect(r.code).toBe(0);
    expect(r.out).toContain('bar.json:3:43: fixed: theme.name: "gruvbox-dark-medium" → "GruvboxDarkMedium"');
    expect(await readFile(file, 'utf8')).toBe(
      original
        .replace('"gruvbox-dark-medium"', '"GruvboxDarkMedium"')
        .replace('"focused_window"', '"focused_container"')
        .replace('"CPU"', '"Cpu"')
        .replace('"CtByte"', '"Default"'),
    );
    expect((await cli(['check', 'bar.json'], {}, dir)).out).toContain('bar.json: ok (variant A from platform; 0 errors, 0 warnings, 0 notes)');
  });

  it('checks the discovered config and says which file it used', async () => {
    const home = await tmp();
    const r = await cli(['check'], { HOME: home });
    expect(r.err).toBe('tilebar: using the embedded default config (no config file was found)\n');
    expect(r.code).toBe(0);
    await writeBarConfig(home, '{"left_widgets": [], "right_widgets": []}', 'komorebi.bar.json');
    expect((await cli(['check'], { HOME: home })).err).toBe(`tilebar: using ${join(home, 'komorebi.bar.json')} (home directory)\n`);
  });

  it('has help with examples for each command', async () => {
    for (const command of ['check', 'schema']) {
      const r = await cli([command, '--help']);
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/Examples:\n {2}tilebar /);
    }
  });
});

describe('config discovery order', () => {
  it('goes --config, $KOMOREBI_CONFIG_HOME, $XDG_CONFIG_HOME/~/.config, ~, embedded', async () => {
    const present = new Set<string>();
    const io = { env: { KOMOREBI_CONFIG_HOME: '/k', XDG_CONFIG_HOME: '/x' }, home: '/h', exists: (p: string) => present.has(p) };
    expect(discoverConfig('/my.json', io)).toEqual({ path: '/my.json', reason: '--config', embedded: false });
    expect(discoverConfig(undefined, io)).toMatchObject({ reason: 'embedded default', embedded: true });
    present.add('/h/komorebi.bar.json');
    expect(discoverConfig(undefined, io).path).toBe('/h/komorebi.bar.json');
    present.add('/h/.config/tilebar/bar.json');
    expect(discoverConfig(undefined, io).path).toBe('/h/komorebi.bar.json');
    expect(discoverConfig(undefined, { ...io, env: {} }).path).toBe('/h/.config/tilebar/bar.json');
    present.add('/x/tilebar/bar.json');
    expect(discoverConfig(undefined, io)).toMatchObject({ path: '/x/tilebar/bar.json', reason: '$XDG_CONFIG_HOME' });
    present.add('/k/komorebi.bar.json');
    expect(discoverConfig(undefined, io)).toMatchObject({ path: '/k/komorebi.bar.json', reason: '$KOMOREBI_CONFIG_HOME' });
  });
});

describe('the built binary', () => {
  it.skipIf(!existsSync('dist/bundle/main.js'))('runs `tilebar check config.example.json` and exits 0', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, tilebarArgs('check', 'config.example.json'));
    expect(stdout).toContain('config.example.json: ok');
  });

  it.skipIf(!existsSync('dist/bundle/main.js'))('never prints a stack trace for a broken file', async () => {
    const dir = await tmp();
    await mkdir(join(dir, 'sub'));
    await writeFile(join(dir, 'sub', 'bad.json'), '[1, 2');
    const run = promisify(execFile)(process.execPath, tilebarArgs('check', 'sub/bad.json'), { cwd: dir });
    await expect(run).rejects.toMatchObject({ code: 1, stdout: expect.stringMatching(/^sub\/bad\.json:1:6: error: syntax error/) });
    await run.catch((e: { stdout: string; stderr: string }) => expect(`${e.stdout}${e.stderr}`).not.toMatch(/\n\s+at /));
  });
});

describe('tilebar check, as editors and scripts use it', () => {
  const twoProblems = '{\n  "right_widgets": [ { "Cpu": { "enable": true, "auto_select_over": 300 } } ],\n  "left_widgets": [], "tranparency_alpha": 3\n}\n';

  it('sorts problems by position, each as FILE:LINE:COL: SEVERITY: PATH: MESSAGE', async () => {
    const dir = await tmp();
    // The unknown key (line 3) is found before the bad threshold (line 2) by the walk; the output is by position.
    await writeBarConfig(dir, '{\n  "right_widgets": [ { "Cpu": { "enable": true, "auto_select_over": 300 } } ],\n  "tranparency_alpha": 3, "left_widgets": []\n}\n');
    const r = await cli(['check', 'bar.json'], {}, dir);
    const lines = r.out.split('\n').filter((l) => /^bar\.json:\d+:\d+: /.test(l));
    expect(lines).toEqual([
      'bar.json:2:69: error: right_widgets[0].Cpu.auto_select_over: expected an integer 0–255, found 300',
      'bar.json:3:3: warning: tranparency_alpha: unknown key "tranparency_alpha" (ignored)',
    ]);
    // What a problem matcher (VS Code's $gcc-like pattern) reads.
    for (const l of lines) expect(l).toMatch(/^(.*):(\d+):(\d+): (error|warning|note): (.*)$/);
  });

  it('paints on a terminal and not under NO_COLOR', async () => {
    const dir = await tmp();
    await writeBarConfig(dir, twoProblems);
    const tty = await cli(['check', 'bar.json'], { TERM: 'xterm-256color' }, dir, true);
    expect(tty.out).toContain('\x1b[1mbar.json:2:69:\x1b[0m \x1b[1;31merror:\x1b[0m right_widgets');
    expect(tty.out).toContain('\x1b[1;35mwarning:\x1b[0m');
    expect(tty.out).toMatch(/\x1b\[32m\^\x1b\[0m/);
    const plain = await cli(['check', 'bar.json'], { TERM: 'xterm-256color', NO_COLOR: '1' }, dir, true);
    expect(plain.out).not.toContain('\x1b');
  });

  it('prints only errors with -q: no warnings, excerpts or summary', async () => {
    const dir = await tmp();
    await writeBarConfig(dir, twoProblems);
    const r = await cli(['check', '-q', 'bar.json'], {}, dir);
    expect(r).toMatchObject({ code: 1, out: 'bar.json:2:69: error: right_widgets[0].Cpu.auto_select_over: expected an integer 0–255, found 300\n' });
    await writeBarConfig(dir, '{"left_widgets": [], "right_widgets": [], "x": 1}', 'ok.json');
    expect(await cli(['check', '-q', 'ok.json'], {}, dir)).toMatchObject({ code: 0, out: '', err: '' });
  });

  it('reads standard input for -', async () => {
    const { Readable } = await import('node:stream');
    const { checkCommand } = await import('../../src/cli/check.js');
    let out = '';
    const io = { out: (t: string) => void (out += t), err: () => undefined, env: {}, cwd: process.cwd(), isTTY: false, platform: 'linux' as const };
    const code = await checkCommand(['-'], {}, io, { stdin: Readable.from([Buffer.from('{"left_widgets": [], "right_widgets": [{"Cpu": {}}]}')]) });
    expect(code).toBe(1);
    expect(out).toContain('<stdin>:1:48: error: right_widgets[0].Cpu.enable: missing required key "enable"');
    expect((await cli(['check', '--fix', '-'])).err).toBe('tilebar: --fix rewrites files in place; it cannot fix standard input\n');
  });

  it('goes on past a file it cannot read, and exits 2 for it', async () => {
    const dir = await tmp();
    await writeBarConfig(dir, '{"left_widgets": [], "right_widgets": []}', 'ok.json');
    const r = await cli(['check', 'gone.json', 'ok.json'], {}, dir);
    expect(r.code).toBe(2);
    expect(r.err).toBe('tilebar: cannot read gone.json: no such file\n');
    expect(r.out).toContain('ok.json: ok');
    expect(r.out).toContain('2 files: 1 loaded, 0 rejected, 1 unreadable');
  });

  it('--fix adds a required key whose value the hint already gives', async () => {
    const dir = await tmp();
    const file = join(dir, 'bar.json');
    await writeFile(file, '{\n  "left_widgets": [ { "Komorebi": { "workspaces": { "enable": false } } } ],\n  "right_widgets": [ { "Cpu": { "label_prefix": "Text" } }, { "Network": { "enable": true } } ]\n}\n');
    const before = await cli(['check', 'bar.json'], {}, dir);
    expect(before.out).toContain('hint: add "hide_empty_workspaces": false');
    const r = await cli(['check', '--fix', 'bar.json'], {}, dir);
    expect(r.code).toBe(0);
    const fixed = await readFile(file, 'utf8');
    expect(JSON.parse(fixed)).toEqual({
      left_widgets: [{ Komorebi: { workspaces: { enable: false, hide_empty_workspaces: false } } }],
      right_widgets: [{ Cpu: { label_prefix: 'Text', enable: true } }, { Network: { enable: true, show_activity: false, show_total_activity: false } }],
    });
    expect(r.out).toContain('fixed: left_widgets[0].Komorebi.workspaces.hide_empty_workspaces');
    const missingLists = join(dir, 'empty.json');
    await writeFile(missingLists, '{ "height": 20 }\n');
    expect((await cli(['check', '--fix', 'empty.json'], {}, dir)).code).toBe(0);
    expect(JSON.parse(await readFile(missingLists, 'utf8'))).toEqual({ height: 20, left_widgets: [], right_widgets: [] });
  });
});
