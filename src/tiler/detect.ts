/**
 * Which window manager the Tiler widgets talk to: `--tiler` when given, else the first found by the managers'
 * detection steps in their order (managers.ts): a name the user gave (--tiler-socket-dir), the session's own say
 * (`SWAYSOCK`, `I3SOCK`, `HYPRLAND_INSTANCE_SIGNATURE`), a komorebi socket in its data directory, komorebi on
 * Windows and macOS (where it is the only one tilebar knows), then, on an X11 session, i3 asked for its socket.
 * Otherwise none: the Tiler widgets say "no window manager" quietly instead of retrying a connection forever.
 */
import { BUILTIN_MANAGERS, detectionSteps, managerChoices, type DetectInput as ManagersInput, type WindowManager } from './managers.js';

export { askSocketPath } from './socket-path.js';

/** A manager's name from the list, or none. */
export type ManagerChoice = string;

export interface Detected {
  manager: ManagerChoice;
  /** Why, in the user's words, for the log and `check`. */
  why: string;
}

export interface DetectInput extends ManagersInput {
  flag?: string;
  /** The managers to choose from: the bar's own unless others are given. */
  managers?: readonly WindowManager[];
}

export async function detectManager(input: DetectInput): Promise<Detected> {
  const choices = managerChoices(input.managers);
  if (input.flag !== undefined) {
    if (!choices.includes(input.flag)) return { manager: 'none', why: `--tiler ${input.flag} is not one of ${choices.join(', ')}` };
    return { manager: input.flag, why: `--tiler ${input.flag}` };
  }
  const steps = detectionSteps(input.managers ?? BUILTIN_MANAGERS);
  for (const step of steps) {
    const why = await step.found(input);
    if (why !== undefined) return { manager: step.manager, why };
  }
  const looked = steps.flatMap((s) => s.looked?.(input) ?? []);
  return { manager: 'none', why: `no window manager found; looked for ${looked.join(', ')}` };
}
