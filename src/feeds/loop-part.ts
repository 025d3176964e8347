/**
 * A feed started by its host's `--print-config` loop (hosts.ts's thin loops) is one part of one stream the host
 * reads for its whole life: the loop attaches again whenever a core stops. i3bar's protocol has one header, so the
 * loop says which part a feed is (`--part first`, then `--part next`): the first writes the header, the next ones
 * go on with the endless array. Hosts whose lines stand alone (tmux) need no part.
 */
export const LOOP_PARTS = ['first', 'next'] as const;
export type LoopPart = (typeof LOOP_PARTS)[number];
