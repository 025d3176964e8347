/**
 * How tilebar runs a PowerShell script on Windows (the media-session, keyboard-layout and system helpers): the
 * system's Windows PowerShell by its full path (`%SystemRoot%\System32\WindowsPowerShell\v1.0`, never a bare
 * `powershell.exe`, which Windows would look for in the current directory first: io/program-path.ts), without
 * profile or prompts, the script passed as `-EncodedCommand` (base64 of UTF-16LE) so that no quoting can break it
 * and stdin stays free for the helper's request lines.
 */
import { systemPowerShell, type Env } from '../io/program-path.js';

/** `env`: where SystemRoot is read from (the bar's environment). */
export function powershellCommand(script: string, env: Env): { file: string; args: string[] } {
  return { file: systemPowerShell(env), args: ['-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass', '-EncodedCommand', Buffer.from(script, 'utf16le').toString('base64')] };
}
