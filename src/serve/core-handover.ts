/**
 * An upgrade reaching a running core. A core runs the code of the tilebar that started it for as long as any bar
 * is attached (all day, under an i3bar), so a bar started after `npm update` would otherwise attach to the old
 * code and show none of the new. When a front end of a newer tilebar of the same protocol attaches (it proved it
 * holds the key), the core stops answering, tells every front end that it makes way, and ends; the newer front end
 * starts its own core, and the others attach to that one (remote-view.ts lets the newer one start it: they only look
 * for a while). A front end asks this once, and only when it can start a core (attach/find-core.ts's Handover).
 * An older front end attaching to a newer core attaches as any other. A later protocol replaces nothing: the bars
 * of the running core could not speak to its core, so its front end runs its bar on its own until they are gone.
 */
import valid from 'semver/functions/valid.js';
import gt from 'semver/functions/gt.js';

/** Whether `front` is a later tilebar than `core`: both plain versions, compared as versions (1.10.0 after 1.9.0). */
export function isNewerApp(front: string, core: string): boolean {
  return valid(front) !== null && valid(core) !== null && gt(front, core);
}
