#!/usr/bin/env node
// Records GNU `date` output as the expectations of test/time/strftime.test.ts, so the strftime tests
// compare with an independent implementation, not with tilebar's own output.
// Run: node scripts/record-gnu-date.mjs > test/time/gnu-date.json   (needs GNU coreutils and tzdata)
import { execFileSync } from 'node:child_process';

const zones = ['UTC', 'Europe/London', 'America/New_York', 'Asia/Kolkata'];
const instants = [
  '2024-09-08T09:05:03Z', // the spec's example day
  '2024-09-08T08:05:03Z', // 09:05:03 in London
  '2024-01-01T00:00:00Z', // midnight, first day of a year
  '2024-06-15T12:00:00Z', // noon
  '2024-12-31T23:59:59Z', // last second of a year
  '2021-01-03T10:00:00Z', // a Sunday in ISO week 53 of 2020
  '2019-12-30T08:00:00Z', // a Monday in ISO week 1 of 2020
  '2024-03-31T00:59:59Z', // London: last second of GMT
  '2024-03-31T01:00:00Z', // London: first second of BST
  '2024-10-27T00:59:59Z', // London: last second of BST
  '2024-10-27T01:00:00Z', // London: GMT again
  '2024-03-10T06:59:59Z', // New York: last second of EST
  '2024-03-10T07:00:00Z', // New York: first second of EDT
  '2024-11-03T05:59:59Z', // New York: last second of EDT
  '2024-11-03T06:00:00Z', // New York: EST again
  '2024-02-29T13:07:09Z', // leap day, afternoon
];
const formats = [
  ...'%a %A %b %B %c %C %d %D %e %F %g %G %h %H %I %j %k %l %m %M %n %p %P %r %R %s %S %t %T %u %U %V %w %W %x %X %y %Y %z %Z %:z %::z %%'.split(' '),
  ...'%-d %-e %-H %-I %-j %-k %-l %-m %-M %-S %-U %-V %-W %-y'.split(' '),
  ...'%_d %_H %_I %_m %_M %_S %_j %_U'.split(' '),
  ...'%0e %0k %0l %^a %^A %^b %^B %^p %#p %#Z %^Z %10Y %5d %-5d %_5d %3e'.split(' '),
  '%l:%M:%S %p', '%l:%M %p', '%H:%M', '%A %e %B %Y', '%-d %B %Y',
  '%Y/%m/%d %a', '%b, %a %d/%m/%Y  %I:%M:%S %p', '%H:%M - %d/%m/%Y', 'week %U of %Y, ISO %G-W%V-%u, day %j',
];
const SEP = '\u001f';
process.stderr.write(`${execFileSync('date', ['--version'], { encoding: 'utf8' }).split('\n')[0]}\n`);
const cases = [];
for (const zone of zones) {
  for (const at of instants) {
    const epoch = Math.floor(Date.parse(at) / 1000);
    const out = execFileSync('date', ['-d', `@${epoch}`, `+${formats.join(SEP)}`], { encoding: 'utf8', env: { TZ: zone, LC_ALL: 'C' } });
    const parts = out.replace(/\n$/, '').split(SEP);
    if (parts.length !== formats.length) throw new Error(`${zone} ${at}: got ${parts.length} parts`);
    cases.push({ zone, at, outputs: parts });
  }
}
const lines = cases.map((c) => `  ${JSON.stringify(c)}`).join(',\n');
process.stdout.write(`{\n"recordedWith": ${JSON.stringify(execFileSync('date', ['--version'], { encoding: 'utf8' }).split('\n')[0])},\n"formats": ${JSON.stringify(formats)},\n"cases": [\n${lines}\n]}\n`);
