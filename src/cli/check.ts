/** `tilebar check`: validate config files and explain every problem; `--fix` repairs what it safely can. */
import { readFile, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { discoverConfig } from '../config/discover.js';
import { applyFixes } from '../config/fix.js';
import { loadConfigText, type LoadResult } from '../config/load.js';
import type { BarModel, WidgetModel } from '../config/model.js';
import { countBySeverity, formatProblem, type Problem } from '../config/problem.js';
import { withoutBom } from '../config/source.js';
import type { Variant } from '../config/variant.js';
import { EXIT, UsageError, type CliIo } from './io.js';

export interface CheckOptions {
  variant?: Variant;
  json?: boolean;
  fix?: boolean;
  config?: string;
  quiet?: boolean;
}

interface FileReport {
  file: string;
  variant: Variant;
  variantSource: string;
  ok: boolean;
  counts: ReturnType<typeof countBySeverity>;
  problems: Problem[];
  fixed?: Problem[];
}

export async function checkCommand(files: string[], opts: CheckOptions, io: CliIo): Promise<number> {
  const targets: Array<{ path: string; label: string }> = [];
  if (files.length === 0) {
    const found = discoverConfig(opts.config, { env: io.env, home: io.env.HOME ?? homedir(), exists: existsSync });
    if (!opts.json) io.err(`tilebar: using ${found.embedded ? 'the embedded default config' : found.path} (${found.reason})\n`);
    targets.push({ path: found.path, label: found.embedded ? 'config.example.json (embedded)' : found.path });
  } else {
    for (const f of files) targets.push({ path: resolve(io.cwd, f), label: f });
  }

  const reports: FileReport[] = [];
  for (const target of targets) {
    let text: string;
    try {
      text = await readFile(target.path, 'utf8');
    } catch (e) {
      throw new UsageError(`cannot read ${target.label}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
    }
    let result = loadConfigText(text, target.label, opts.variant ? { variant: opts.variant } : {});
    let fixed: Problem[] | undefined;
    if (opts.fix) {
      const { text: newText, applied } = applyFixes(text, result.problems);
      if (applied.length > 0) {
        await writeFile(target.path, newText, 'utf8');
        fixed = applied;
        result = loadConfigText(newText, target.label, opts.variant ? { variant: opts.variant } : {});
      }
    }
    const report: FileReport = {
      file: target.label,
      variant: result.variant,
      variantSource: result.variantSource,
      ok: result.model !== undefined,
      counts: countBySeverity(result.problems),
      problems: result.problems,
    };
    if (fixed) report.fixed = fixed;
    reports.push(report);
    if (!opts.json) printReport(io, result, report, opts, text);
  }
  if (opts.json) io.out(`${JSON.stringify(targets.length === 1 && files.length <= 1 ? reports[0] : reports, null, 2)}\n`);
  else if (reports.length > 1) {
    const bad = reports.filter((r) => !r.ok).length;
    io.out(`${reports.length} files: ${reports.length - bad} loaded, ${bad} rejected\n`);
  }
  return reports.every((r) => r.ok) ? EXIT.ok : EXIT.configError;
}

function printReport(io: CliIo, result: LoadResult, report: FileReport, opts: CheckOptions, originalText: string) {
  for (const p of report.fixed ?? []) {
    const before = p.fix ? withoutBom(originalText).slice(p.fix.offset, p.fix.offset + p.fix.length) : '';
    io.out(`${report.file}:${p.line}:${p.col} fixed ${p.path}: ${before} → ${p.fix?.content ?? ''}\n`);
  }
  for (const p of report.problems) {
    if (opts.quiet && p.severity !== 'error') continue;
    io.out(`${formatProblem(report.file, p)}\n`);
    if (p.severity === 'error') io.out(`${indent(result.source.excerpt({ line: p.line, col: p.col }))}\n`);
  }
  const { error, warning, note } = report.counts;
  const tail = [plural(error, 'error'), plural(warning, 'warning'), plural(note, 'note')].join(', ');
  if (result.model) {
    io.out(`${report.file}: ok (variant ${report.variant} from ${report.variantSource}; ${tail})${opts.quiet ? '' : `\n${summarise(result.model)}`}\n`);
  } else {
    io.out(`${report.file}: rejected (variant ${report.variant} from ${report.variantSource}; ${tail})\n`);
  }
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n');
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function widgetName(w: WidgetModel): string {
  if (w.kind === 'Tiler') {
    const parts = Object.entries(w.config)
      .filter(([, v]) => (v as { enable: boolean }).enable)
      .map(([k]) => k);
    return `Tiler(${parts.join(', ') || 'nothing enabled'})`;
  }
  return w.config.enable ? w.kind : `${w.kind}(disabled)`;
}

/** One line per section: what the bar would show, for a quick look at what a file does. */
export function summarise(model: BarModel): string {
  const section = (name: string, ws: WidgetModel[]) => `  ${name.padEnd(6)} ${ws.length ? ws.map(widgetName).join(', ') : '(empty)'}`;
  return [section('left', model.left), section('center', model.center), section('right', model.right)].join('\n');
}
