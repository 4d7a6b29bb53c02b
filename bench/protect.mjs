// Self-protection's share of a hook call, in-process: the check every tool call
// pays before the policy runs (the parser is warm: it loads once per process,
// and only for lines the reader cannot settle). Imported by bench/run.mjs.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { selfProtectionBlock } from "../dist/index.mjs";

const COMMANDS = {
  "short command (`ls -la`)": "ls -la",
  "compound command (cd, pipes, redirect, $(…))": `cd src && grep -rn "TODO" . | sort | uniq -c > /tmp/todo.txt && echo "$(date) done" >> notes.md`,
  'a line the reader cannot settle (`rm -rf "$(ls -a | grep tmp)"`): the facts decide': `rm -rf "$(ls -a | grep tmp)"`,
  "10 kB command": `echo start; ${Array.from({ length: 400 }, (_, i) => `printf '%s' item${i} >> out.txt`).join("; ")}`,
};

export function protectionCost(rounds = 2000) {
  const root = mkdtempSync(join(tmpdir(), "hookit-bench-protect-"));
  const project = join(root, "project");
  mkdirSync(join(project, ".hookit"), { recursive: true });
  writeFileSync(join(project, ".hookit", "hookit.json"), "{}");
  const ctx = { cwd: project, projectDir: project, env: { HOME: join(root, "home") } };
  const rows = [];
  const cases = [
    ...Object.entries(COMMANDS).map(([name, command]) => [
      name,
      { event: "tool_call", toolName: "bash", toolCallId: "c", input: { command } },
    ]),
    [
      "file write (`write src/a.ts`)",
      { event: "tool_call", toolName: "write", toolCallId: "c", input: { path: "src/a.ts", content: "x" } },
    ],
  ];
  for (const [name, event] of cases) {
    for (let i = 0; i < 200; i++) selfProtectionBlock([event], ctx);
    const n = name.startsWith("10 kB") ? rounds / 10 : rounds;
    const t0 = performance.now();
    for (let i = 0; i < n; i++) selfProtectionBlock([event], ctx);
    rows.push({ name, ms: (performance.now() - t0) / n });
  }
  return rows;
}

// Run on its own: `node bench/protect.mjs` (after `npm run build`).
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of protectionCost()) console.log(`| ${row.name} | ${row.ms.toFixed(3)} |`);
}
