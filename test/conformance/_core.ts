// Helpers of the ported Core tests (upstream tests/core-hooks/{index,fixtures}.ts
// in shape): one Core Hook evaluated alone by hookit's engine, with HooKit's
// metadata map (its tests use it to replace PATH), plus git/fixture builders.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect } from "vitest";
import { enabledHookSet, type Hook } from "../../src/engine/index.ts";
import { catalog, openCatalog, writeJson } from "./_catalog-facade.ts";
import { CORE_SOURCE, coreEntries } from "./core-catalog.ts";
import { HookEvaluation, context, createEnabledHookSet, type UpstreamMetadata } from "./_facade.ts";

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

export function fixture(name: string): string {
  const root = mkdtempSync(join(tmpdir(), `hookit-core-${name}-`));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  return root;
}

/** Every Core Hook, loaded through hookit's catalog from one project file, all enabled. */
function coreHooks(): Map<string, Hook> {
  const root = fixture("catalog");
  const project = join(root, ".hookit", "hookit.json");
  const section = Object.fromEntries(Object.entries(coreEntries).map(([name, entry]) => [name, { ...entry, default: true }]));
  writeJson(project, { repos: [CORE_SOURCE], [CORE_SOURCE]: section });
  const hooks = enabledHookSet(catalog(openCatalog({ global: join(root, "global.json"), project })).entries);
  return new Map(hooks.map((hook) => [hook.name, hook]));
}
let loaded: Map<string, Hook> | undefined;

export function coreHook(name: string): Hook {
  loaded ??= coreHooks();
  const hook = loaded.get(name);
  if (!hook) throw new Error(`unknown Core Hook ${JSON.stringify(name)}`);
  return hook;
}

export async function evaluateCore(
  name: string,
  event: "tool_call" | "tool_result" | "agent_end",
  payload: object,
  cwd: string,
  metadata: UpstreamMetadata = {},
) {
  const set = createEnabledHookSet([coreHook(name)]);
  return new HookEvaluation().evaluate(event, payload, context(cwd, { metadata }), set);
}

export async function toolCallOutcome(
  name: string,
  toolName: string,
  input: Record<string, unknown>,
  cwd: string,
  metadata: UpstreamMetadata = {},
) {
  return (await evaluateCore(name, "tool_call", { toolName, toolCallId: "call-1", input }, cwd, metadata)).eventOutcomes[0].outcome;
}

export async function toolResultOutcome(name: string, toolName: string, text: string, cwd: string, metadata: UpstreamMetadata = {}) {
  const payload = { toolName, toolCallId: "call-1", input: { path: "file.txt" }, content: [{ type: "text", text }], isError: false };
  return (await evaluateCore(name, "tool_result", payload, cwd, metadata)).eventOutcomes[0].outcome;
}

export async function agentEndOutcome(name: string, cwd: string, metadata: UpstreamMetadata = {}) {
  return (await evaluateCore(name, "agent_end", {}, cwd, metadata)).eventOutcomes[0].outcome;
}

export function executable(path: string, content: string): void {
  writeFileSync(path, `#!/bin/sh\n${content}\n`);
  chmodSync(path, 0o755);
}

export function git(cwd: string, ...args: string[]): void {
  const result = spawnSync("git", args, { cwd, encoding: "utf8" });
  expect(result.status, `git ${args.join(" ")} failed: ${result.stderr || result.error?.message}`).toBe(0);
}

export function lines(count: number, prefix = "line"): string {
  return Array.from({ length: count }, (_, i) => `${prefix}-${i + 1}`).join("\n") + (count === 0 ? "" : "\n");
}

export function gitRepository(name: string, lineCount = 20): string {
  const cwd = fixture(name);
  git(cwd, "init", "--quiet");
  git(cwd, "config", "user.email", "hookit@example.test");
  git(cwd, "config", "user.name", "hookit test");
  writeFileSync(join(cwd, "base.txt"), lines(lineCount, "base"));
  git(cwd, "add", "base.txt");
  git(cwd, "commit", "--quiet", "-m", "baseline");
  return cwd;
}

/** Runs an agent_end Core Hook against a fake `command` that logs its arguments and exits as told. */
export async function assertAgentEndCommand(
  name: string,
  command: string,
  expectedArguments: string,
  prepare: (cwd: string) => void = () => {},
) {
  const cwd = fixture(name);
  const bin = join(cwd, "bin");
  const log = join(cwd, `${command}.log`);
  mkdirSync(bin);
  executable(join(bin, command), `printf '%s\\n' "$*" > "$HOOKIT_COMMAND_LOG"; exit "\${HOOKIT_COMMAND_EXIT:-0}"`);
  prepare(cwd);
  const environment = { PATH: bin, HOOKIT_COMMAND_LOG: log };
  expect(await agentEndOutcome(name, cwd, environment)).toBe("pass");
  expect(readFileSync(log, "utf8").trim()).toBe(expectedArguments);
  expect(await agentEndOutcome(name, cwd, { ...environment, HOOKIT_COMMAND_EXIT: "7" })).toBe("report");
}
