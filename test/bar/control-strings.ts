/**
 * A terminal's control strings and a paste, each with digits in it: the hostile tester's cases of issue 31, where
 * each started the launcher items of its digits, in both renderers. Given as the reads they arrive in.
 */
export const CONTROL_STRINGS: ReadonlyArray<[what: string, chunks: string[]]> = [
  ['an OSC ended by BEL (a colour reply)', ['\x1b]11;rgb:1111/2222/3333\x07']],
  ['an OSC cut in two reads, ended by ST', ['\x1b]11;rgb:1111/22', '22/3333\x1b\\']],
  ['a DCS (a version reply)', ['\x1bP>|tmux 3.3a\x1b\\']],
  ['an APC (a graphics reply)', ['\x1b_G4;5\x1b\\']],
  ['a bracketed paste', ['\x1b[200~8\x1b[201~']],
];
