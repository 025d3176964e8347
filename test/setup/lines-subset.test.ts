/**
 * vitest.lines.config.ts, the tests CI runs on the Node lines that do not run the whole suite: every entry names
 * a test file of the suite, once (a renamed file would otherwise drop out of it unseen: vitest runs what matches
 * and says nothing of an entry that matches nothing), and the run keeps the suite's limits, setup and checks.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import suite from '../../vitest.config.js';
import lines, { LINES_INCLUDE } from '../../vitest.lines.config.js';

describe('the tests run on every Node line', () => {
  it('are test files of the suite, each named once', () => {
    expect(LINES_INCLUDE.length).toBeGreaterThan(0);
    expect(new Set(LINES_INCLUDE).size).toBe(LINES_INCLUDE.length);
    for (const file of LINES_INCLUDE) {
      expect(existsSync(join(process.cwd(), file)), file).toBe(true);
      expect(file, file).toMatch(/^test\/.*\.test\.tsx?$/);
    }
  });

  it('run with the suite’s limits, setup files and checks', () => {
    expect(lines.test?.include).toEqual(LINES_INCLUDE);
    const { include: _all, ...rest } = suite.test ?? {};
    const { include: _some, ...ours } = lines.test ?? {};
    expect(ours).toEqual(rest);
  });
});
