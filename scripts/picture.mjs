#!/usr/bin/env node
// The README's picture of the example bar, made by tilebar's own command: `npm run picture` writes
// docs/bar.png; test/cli/readme-picture.test.ts makes it again and fails when the committed one differs.
// Fixed instant, readings and window-manager state, so the picture changes only when tilebar's drawing does.
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeArgs } from './node-launch.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The command's arguments, as the README shows them (the README's picture section quotes this line). */
export const PICTURE_ARGS = [
  'preview', '--config', 'config.example.json', '--at', '2024-09-08T09:05:03Z',
  '--tiler-state', 'docs/example-tiler-state.json',
  '--set', 'cpu=95', '--set', 'memory=48', '--set', 'storage./=71', '--set', 'network.received=1.2MiB',
  '--set', 'network.transmitted=96KiB', '--set', 'network.interface=wlan0', '--set', 'battery=64',
  '--set', 'media.artist=Nils Frahm', '--set', 'media.title=Says', '--set', 'media.status=Playing', '--set', 'keyboard=en-GB',
  '--set', 'update=1.0.0',
  '--width', '250', '--scale', '2', '--format', 'png',
];

/** Run the built command to write the picture to `output`. */
export function makePicture(output) {
  execFileSync(process.execPath, nodeArgs(join(root, 'dist', 'bundle', 'main.js'), ...PICTURE_ARGS, '--output', output), { cwd: root, env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', TZ: 'UTC' }, stdio: ['ignore', 'ignore', 'inherit'] });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  makePicture(join(root, 'docs', 'bar.png'));
  console.log('wrote docs/bar.png');
}
