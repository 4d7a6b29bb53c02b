// The full tool list each real CLI offers the model (first main-loop request), at the version this
// run installed: the pins, or the newest releases with HOOKIT_E2E_LATEST=1. It must equal the
// committed fixture test/fixtures/tool-lists/<agent>-<version>.json, and every tool in it must be
// classified by the adapter (test/agents/shared/tool-classes.test.ts checks the fixtures offline).
// HOOKIT_E2E_CAPTURE_TOOLS=1 (re)writes the fixtures instead of comparing.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AGENTS, type CliId } from "./agents.ts";
import { clis } from "./clis.ts";
import { REPO_ROOT, disposeScratch, runScenario } from "./harness.ts";
import { deferredToolNames, offeredTools, withSortedEnums, type OfferedTool, type ToolList } from "./tool-lists.ts";
import { TOOL_TABLES } from "../agents/tool-tables.ts";
import { classOf } from "../../src/agents/shared/tool-classes.ts";

afterAll(disposeScratch);

const CLIS: CliId[] = ["claude", "codex", "gemini", "copilot", "pi", "factory", "opencode", "kimi"];
const capture = process.env.HOOKIT_E2E_CAPTURE_TOOLS === "1";

function toolFixturePath(agent: string, version: string): string {
  return join(REPO_ROOT, "test/fixtures/tool-lists", `${agent}-${version}.json`);
}

describe("every tool the real CLI offers is captured and classified", () => {
  it.each(CLIS)("%s", async (agent) => {
    const version = clis[agent].version;
    const r = await runScenario({ agent, name: "tools", turns: [{ say: "Tools listed." }] });
    const first = r.modelRequests[0];
    expect(first, r.summary()).toBeDefined();
    const wire = AGENTS[agent].wire;
    const list: ToolList = { agent, version, wire, tools: offeredTools(wire, first?.body) };
    const deferred = deferredToolNames(first?.body);
    if (deferred.length > 0) list.tools = merge(list.tools, await loadDeferred(agent, deferred));
    expect(list.tools.length, r.summary()).toBeGreaterThan(0);
    const file = toolFixturePath(agent, version);
    if (capture) {
      mkdirSync(join(REPO_ROOT, "test/fixtures/tool-lists"), { recursive: true });
      writeFileSync(file, JSON.stringify(list, null, 2) + "\n");
    } else {
      expect(existsSync(file), `${file} is missing: capture it with HOOKIT_E2E_CAPTURE_TOOLS=1`).toBe(true);
      expect(withSortedEnums(list), `${agent} ${version} offers other tools than ${file}`).toEqual(
        withSortedEnums(JSON.parse(readFileSync(file, "utf8"))),
      );
    }
    const unclassified = list.tools.map((tool) => tool.name).filter((name) => classOf(TOOL_TABLES[agent] ?? [], name) === undefined);
    expect(unclassified, `${agent} ${version}: tools no adapter table classifies`).toEqual([]);
  });
});

/** A second run whose model loads every deferred tool with ToolSearch; their schemas arrive in the next request. */
async function loadDeferred(agent: CliId, names: string[]): Promise<OfferedTool[]> {
  const r = await runScenario({
    agent,
    name: "deferred-tools",
    turns: [{ tool: "ToolSearch", input: { query: `select:${names.join(",")}`, max_results: names.length } }, { say: "Loaded." }],
  });
  const loaded = offeredTools(AGENTS[agent].wire, r.modelRequests[1]?.body).filter((tool) => names.includes(tool.name));
  expect(loaded.map((tool) => tool.name).sort(), `${agent}: ToolSearch loaded other tools than the deferred ones\n${r.summary()}`).toEqual(
    [...names].sort(),
  );
  return loaded.map((tool) => ({ ...tool, kind: "deferred" }));
}

function merge(tools: OfferedTool[], more: OfferedTool[]): OfferedTool[] {
  const names = new Set(more.map((tool) => tool.name));
  return [...tools.filter((tool) => !names.has(tool.name)), ...more].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
