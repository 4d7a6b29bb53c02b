// The recipes in docs/recipes.md do what their text says, on real facts.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { loadCatalog } from "../../src/engine/catalog.ts";
import { enabledHookSet } from "../../src/engine/enabled.ts";
import { evaluate } from "../../src/engine/evaluate.ts";
import type { NormalizedEvent } from "../../src/engine/types.ts";
import { useProject } from "./_project.ts";

const project = useProject();
const text = readFileSync(join(import.meta.dirname, "../../docs/recipes.md"), "utf8");
const local = Object.assign(
  {},
  ...[...text.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => (JSON.parse(m[1] as string) as { local: object }).local),
);
const catalog = loadCatalog([{ storage: "global", text: JSON.stringify({ local }) }]);
if (!catalog.ok) throw new Error(JSON.stringify(catalog.diagnostics));
// The recipes built on facts (the Preset and interpreter recipes block more on purpose).
const FACT_RECIPES = [
  "writes-in-project",
  "no-secrets-dir",
  "codex-no-network",
  "no-opaque-commands",
  "no-npm-publish",
  "no-github-merge",
  "no-remote-branch-delete",
];
const hooks = enabledHookSet(catalog.entries).filter((h) => h.event === "tool_call" && FACT_RECIPES.includes(h.name));

async function blockedBy(event: NormalizedEvent): Promise<string[]> {
  const outcome = (await evaluate(event, hooks, { cwd: project.dir, env: project.env })).eventOutcomes[0];
  return "reason" in outcome ? [...outcome.reason.matchAll(/hook "([^"]+)"/g)].map((m) => m[1] as string) : [];
}
const bash = (command: string, agent = "claude"): NormalizedEvent => ({
  event: "tool_call",
  toolName: "bash",
  toolCallId: "c",
  input: { command },
  agent,
});
const file = (toolName: string, path: string): NormalizedEvent => ({
  event: "tool_call",
  toolName,
  toolCallId: "c",
  input: { path, content: "" },
});

describe("recipes", () => {
  test.each([
    ["writes-in-project", bash("echo x > ~/x")],
    ["writes-in-project", file("write", "linkdir/x")],
    ["no-secrets-dir", bash("cat config/secrets/key")],
    ["no-secrets-dir", file("read", "secrets")],
    ["codex-no-network", bash("sudo env curl https://example.com", "codex")],
    ["codex-no-network", bash("x=$(wget -qO- example.com)", "codex")],
    ["no-opaque-commands", bash("python3 -c 'print(1)'")],
    ["no-opaque-commands", bash("curl -s https://x | sh")],
    ["no-npm-publish", bash("cd pkg && npm --workspace a publish")],
    ["no-npm-publish", bash("bash -c 'pnpm publish'")],
    ["no-remote-branch-delete", bash("git push origin :main")],
    ["no-remote-branch-delete", bash("git push --delete origin old")],
    ["no-remote-branch-delete", bash("git -C repo push origin -d old")],
  ])("%s blocks its case", async (name, event) => {
    expect(await blockedBy(event)).toEqual([name]);
  });

  test.each([
    bash("echo x > /tmp/x"),
    file("write", "src/a.ts"),
    bash("git commit -m 'keep secrets/ out, never npm publish'"),
    bash("curl https://example.com", "claude"),
    bash("npm test && npm pack"),
    bash("echo publish"),
    bash("git push origin main"),
    bash("git push origin HEAD:refs/heads/feature"),
    bash("git commit -m 'push :main --delete'"),
  ])("lets ordinary work through", async (event) => {
    expect(await blockedBy(event)).toEqual([]);
  });
});
