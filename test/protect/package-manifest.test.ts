// The installed hookit's package.json: Pi (`pi.extensions`) and OpenCode (`exports["./server"]`)
// find hookit's module through it when hookit is their package (`pi install npm:hookit-cli`,
// `opencode plugin hookit-cli`). Rewritten, the next session loads something else, unguarded.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { NormalizedEvent } from "../../src/engine/types.ts";
import { selfProtectionBlock } from "../../src/protect/index.ts";

const root = mkdtempSync(join(tmpdir(), "hookit-manifest-"));
const project = join(root, "project");
const pkg = join(root, "pkg", "hookit-cli");
mkdirSync(project, { recursive: true });
mkdirSync(join(pkg, "dist"), { recursive: true });
writeFileSync(join(pkg, "package.json"), '{"name":"hookit-cli","exports":{"./server":"./dist/opencode.mjs"}}\n');
const ctx = { cwd: project, projectDir: project, env: { HOME: join(root, "home"), PATH: "/usr/bin:/bin" }, packageDir: pkg };

const bash = (command: string): NormalizedEvent => ({ event: "tool_call", toolName: "bash", toolCallId: "c", input: { command } });
const call = (toolName: string, input: Record<string, unknown>): NormalizedEvent => ({
  event: "tool_call",
  toolName,
  toolCallId: "c",
  input,
});
const verdict = (event: NormalizedEvent) => selfProtectionBlock([event], ctx);

describe("the installed hookit's package.json", () => {
  test.each([
    bash(`printf '{"name":"hookit-cli"}' > ../pkg/hookit-cli/package.json`),
    bash("cp /dev/null ../pkg/hookit-cli/package.json"),
    bash("rm ../pkg/hookit-cli/package.json"),
    call("write", { path: join(pkg, "package.json"), content: "{}" }),
    call("edit", { path: join(pkg, "package.json"), edits: [{ oldText: "opencode.mjs", newText: "index.mjs" }] }),
  ])("refuses %j", (event) => {
    expect(verdict(event)).toMatch(/^hookit: blocked by self-protection — .*package\.json, where Pi and OpenCode find it/);
  });

  // Installed from npm, OpenCode loads its own copy from its package cache (1.18.33).
  test.each([
    "rm -rf ~/.cache/opencode/packages/hookit-cli@latest",
    "printf '{}' > ~/.cache/opencode/packages/hookit-cli@latest/node_modules/hookit-cli/package.json",
  ])("refuses %s", (command) => {
    expect(verdict(bash(command))).toMatch(/^hookit: blocked by self-protection — .*OpenCode's plugin packages/);
  });

  test.each([
    bash("cat ../pkg/hookit-cli/package.json"),
    call("read", { path: join(pkg, "package.json") }),
    bash("printf x > package.json"),
  ])("lets %j pass", (event) => {
    expect(verdict(event)).toBeUndefined();
  });
});
