// File chores of the harness: writing configs, the capture hook, reading the request log, and
// breaking an installed hook command on purpose.
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { LoggedRequest } from "./servers/types.ts";

export function writeFiles(files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
}

export function captureScript(dir: string): string {
  const capture = join(dir, "capture");
  mkdirSync(capture, { recursive: true });
  const script = join(dir, "capture.sh");
  // Records stdin and prints nothing: "no opinion" on every harness.
  writeFileSync(script, `#!/bin/sh\ncat > "${capture}/pre-$(date +%s%N)-$$.json"\n`);
  chmodSync(script, 0o755);
  return script;
}

export function readJsonl(file: string): LoggedRequest[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as LoggedRequest);
}

/**
 * Points every installed hook command at a script that throws (exit 1, a stack trace on stderr),
 * the way a broken hookit install would fail. Rewrites the files `hookit install` wrote.
 */
export function sabotageHookCommand(hookitBin: string, run: { dir: string; home: string; project: string }, replacement?: string): void {
  const crash = replacement ?? join(run.dir, "crash.mjs");
  // It leaves a trace first, so a test can tell "the harness ignored the crash" from "no hook ran".
  const trace = JSON.stringify(join(run.dir, "crash-calls"));
  if (replacement === undefined) {
    writeFileSync(
      crash,
      `import { appendFileSync } from "node:fs";\nappendFileSync(${trace}, "crash\\n");\nthrow new Error("e2e: simulated hookit crash");\n`,
    );
  }
  let rewritten = 0;
  const visit = (path: string): void => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const full = join(path, entry.name);
      if (entry.isDirectory() && entry.name !== ".git" && entry.name !== "node_modules") visit(full);
      else if (entry.isFile() && statSync(full).size < 1_000_000) {
        const text = readFileSync(full, "utf8");
        // The installer may name either twin of the bin (bin.mjs or bin.cjs) in the same dist/.
        const needle = [hookitBin, join(dirname(hookitBin), "bin.cjs"), join(dirname(hookitBin), "bin.mjs")].find((n) => text.includes(n));
        if (needle) {
          writeFileSync(full, text.split(needle).join(crash));
          rewritten++;
        }
      }
    }
  };
  visit(run.project);
  visit(run.home);
  if (rewritten === 0) throw new Error(`sabotage: no installed hook command mentions ${hookitBin}`);
}
