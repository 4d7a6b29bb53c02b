// `hookit test` output: a human summary (default), JUnit XML, TAP 14 or JSON.
import { hostname } from "node:os";
import { relative } from "node:path";
import type { CaseResult } from "./runner.ts";

export const REPORTERS = ["human", "junit", "tap", "json"] as const;
export type ReporterName = (typeof REPORTERS)[number];

export interface Run {
  results: CaseResult[];
  /** Files that could not be read as test files. */
  broken: { file: string; error: string }[];
  cwd: string;
  durationMs: number;
}

const caseLabel = (r: CaseResult) => r.case.name;

export function report(name: ReporterName, run: Run, colour = false): string {
  switch (name) {
    case "human":
      return human(run, colour);
    case "junit":
      return junit(run);
    case "tap":
      return tap(run);
    case "json":
      return JSON.stringify(jsonShape(run), null, 2) + "\n";
  }
}

export function summary(run: Run): { passed: number; failed: number; broken: number } {
  const failed = run.results.filter((r) => !r.ok).length;
  return { passed: run.results.length - failed, failed, broken: run.broken.length };
}

function human(run: Run, colour: boolean): string {
  const paint = (code: string, s: string) => (colour ? `\x1b[${code}m${s}\x1b[0m` : s);
  const lines: string[] = [];
  for (const file of groupByFile(run)) {
    lines.push(relative(run.cwd, file.file) || file.file);
    if (file.error) lines.push(`  ${paint("31", "✗")} cannot read the file: ${file.error}`);
    for (const r of file.results) {
      lines.push(`  ${r.ok ? paint("32", "✓") : paint("31", "✗")} ${caseLabel(r)}`);
      for (const line of r.diff) lines.push(`      ${paint(line.startsWith("-") ? "32" : "31", line)}`);
    }
  }
  const s = summary(run);
  const broken = s.broken ? `, ${s.broken} unreadable file${s.broken === 1 ? "" : "s"}` : "";
  lines.push("", `${s.passed} passed, ${s.failed} failed${broken} (${Math.round(run.durationMs)} ms)`);
  if (s.failed) lines.push("  (- expected, + actual)");
  return lines.join("\n") + "\n";
}

function groupByFile(run: Run): { file: string; error?: string; results: CaseResult[] }[] {
  const files = new Map<string, { file: string; error?: string; results: CaseResult[] }>();
  for (const b of run.broken) files.set(b.file, { file: b.file, error: b.error, results: [] });
  for (const r of run.results) {
    const entry = files.get(r.case.file) ?? { file: r.case.file, results: [] };
    entry.results.push(r);
    files.set(r.case.file, entry);
  }
  return [...files.values()];
}

// --- JUnit (the Surefire/Jenkins shape every CI reads: testsuites > testsuite > testcase) ---

function xml(text: string): string {
  // XML 1.0 cannot carry most control characters, even escaped: they are dropped.
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

function junit(run: Run): string {
  const s = summary(run);
  const out = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites name="hookit test" tests="${run.results.length + s.broken}" failures="${s.failed}" errors="${s.broken}" time="${seconds(run.durationMs)}">`,
  ];
  const stamp = new Date().toISOString().slice(0, 19);
  for (const file of groupByFile(run)) {
    const name = xml(relative(run.cwd, file.file) || file.file);
    const failures = file.results.filter((r) => !r.ok).length;
    const time = file.results.reduce((t, r) => t + r.durationMs, 0);
    out.push(
      `  <testsuite name="${name}" tests="${file.results.length + (file.error ? 1 : 0)}" failures="${failures}" errors="${file.error ? 1 : 0}" skipped="0" time="${seconds(time)}" timestamp="${stamp}" hostname="${xml(hostname())}">`,
    );
    if (file.error)
      out.push(
        `    <testcase name="(test file)" classname="${name}" time="0.000">`,
        `      <error type="unreadable" message="${xml(file.error)}"/>`,
        `    </testcase>`,
      );
    for (const r of file.results) {
      const open = `    <testcase name="${xml(caseLabel(r))}" classname="${name}" time="${seconds(r.durationMs)}"`;
      if (r.ok) out.push(`${open}/>`);
      else {
        const type = r.error ? "error" : "failure";
        const message = r.error ?? `expected ${(r.diff[0] ?? "").slice(2)}, got ${(r.diff[1] ?? "").slice(2)}`;
        out.push(
          `${open}>`,
          `      <${type} type="${r.error ? "evaluation" : "outcome"}" message="${xml(message)}">${xml(r.diff.join("\n"))}</${type}>`,
          `    </testcase>`,
        );
      }
    }
    out.push(`  </testsuite>`);
  }
  out.push(`</testsuites>`);
  return out.join("\n") + "\n";
}

// --- TAP version 14 ---

function tap(run: Run): string {
  const entries = groupByFile(run).flatMap((f) => [
    ...(f.error ? [{ ok: false, title: `${relative(run.cwd, f.file)}: cannot read the file`, detail: [f.error] }] : []),
    ...f.results.map((r) => ({ ok: r.ok, title: `${relative(run.cwd, r.case.file)}: ${caseLabel(r)}`, detail: r.diff })),
  ]);
  const out = ["TAP version 14", `1..${entries.length}`];
  for (const [i, e] of entries.entries()) {
    out.push(`${e.ok ? "ok" : "not ok"} ${i + 1} - ${e.title.replace(/#/g, "\\#").replace(/\n/g, " ")}`);
    if (!e.ok) out.push("  ---", "  diff: |", ...e.detail.flatMap((d) => d.split("\n")).map((d) => `    ${d}`), "  ...");
  }
  return out.join("\n") + "\n";
}

function jsonShape(run: Run) {
  return {
    summary: summary(run),
    broken: run.broken,
    cases: run.results.map((r) => ({
      file: r.case.file,
      name: r.case.name,
      ok: r.ok,
      durationMs: Math.round(r.durationMs * 1000) / 1000,
      expected: r.case.expect,
      ...(r.actual && { actual: r.actual }),
      ...(r.error && { error: r.error }),
      ...(r.diff.length && { diff: r.diff }),
    })),
  };
}
