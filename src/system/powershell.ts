/**
 * How tilebar runs a PowerShell script on Windows (the media-session and keyboard-layout helpers): Windows
 * PowerShell without profile or prompts, the script passed as `-EncodedCommand` (base64 of UTF-16LE) so that
 * no quoting can break it and stdin stays free for the helper's request lines.
 */
export function powershellCommand(script: string): { file: string; args: string[] } {
  return { file: 'powershell.exe', args: ['-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass', '-EncodedCommand', Buffer.from(script, 'utf16le').toString('base64')] };
}
