// An MCP server's tool that names a file (`mcp__filesystem__read_file` on `.env`): its path-shaped
// arguments are accesses (src/facts/file-tools.ts, mcpPaths), so the starter's guards on dotenv
// files and credentials judge them as they judge the Read tool. Each attack passed before: an MCP
// tool had no path facts.
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { loadCatalog } from "../../src/engine/catalog.ts";
import { enabledHookSet } from "../../src/engine/enabled.ts";
import { evaluate } from "../../src/engine/evaluate.ts";
import { starterPolicyText } from "../../src/base/starter-policy.ts";

const cwd = realpathSync(mkdtempSync(join(tmpdir(), "hookit-mcp-")));
const home = join(cwd, "home");
mkdirSync(join(home, ".ssh"), { recursive: true });
writeFileSync(join(cwd, ".env"), "KEY=x\n");
const catalog = loadCatalog([{ storage: "project", text: starterPolicyText() }]);
if (!catalog.ok) throw new Error(JSON.stringify(catalog.diagnostics));
const hooks = enabledHookSet(catalog.entries);
const env = { HOME: home, PATH: process.env.PATH };

const call = (toolName: string, input: Record<string, unknown>) =>
  evaluate({ event: "tool_call", toolName, toolCallId: "c", input }, hooks, { cwd, env });
/** The guard whose message the block sends, if the call is blocked. */
const blockedBy = async (toolName: string, input: Record<string, unknown>) => {
  const result = await call(toolName, input);
  if (result.eventOutcomes[0]?.outcome !== "block") return undefined;
  const effect = result.effects[0] as { hookRef?: string } | undefined;
  return effect?.hookRef?.replace(/^local\//, "");
};

describe("an MCP tool's path arguments", () => {
  test.each([
    ["mcp__filesystem__read_file", { path: ".env" }, "no-dotenv-secrets"],
    ["mcp__filesystem__read_text_file", { path: join(cwd, ".env"), head: 5 }, "no-dotenv-secrets"],
    ["mcp__filesystem__read_multiple_files", { paths: ["README.md", ".env"] }, "no-dotenv-secrets"],
    ["mcp__files__open", { options: { target: "~/.ssh/id_rsa" } }, "no-credential-files"],
    ["mcp__docs__fetch", { url: `file://${home}/.aws/credentials` }, "no-credential-files"],
  ])("%s %j: %s", async (toolName, input, guard) => {
    expect(await blockedBy(toolName, input)).toBe(guard);
  });

  test.each([
    ["mcp__filesystem__read_file", { path: "src/a.ts" }],
    ["mcp__github__search_code", { query: "read .env in node" }],
    ["mcp__memory__create_entities", { entities: [{ name: "x", observations: ["/ is the root"] }] }],
    ["WebSearch", { query: "/home/user/.env" }],
  ])("%s %j passes", async (toolName, input) => {
    expect(await blockedBy(toolName, input)).toBeUndefined();
  });
});
