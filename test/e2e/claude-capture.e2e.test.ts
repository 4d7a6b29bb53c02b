// Re-makes test/fixtures/claude/ (hook payloads) and model-view.md §1 (what the model read after
// each kind of hook answer) from the pinned Claude Code, offline against the fake model server.
// A normal run checks that the committed files still match the pin: the payloads' field names and
// the model-view section byte for byte. HOOKIT_E2E_CAPTURE_FIXTURES=1 rewrites them instead (the
// pin rule of test/e2e/clis.json; docs/e2e.md).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { clis, pinnedClis } from "./clis.ts";
import { REPO_ROOT, disposeScratch, runScenario, type RunResult } from "./harness.ts";
import { captureScenarios, installCaptureHook, scrub, withAllowedTools, type CaptureScenario } from "./claude-capture.ts";

afterAll(disposeScratch);

const capture = process.env.HOOKIT_E2E_CAPTURE_FIXTURES === "1";
const FIXTURES = join(REPO_ROOT, "test/fixtures/claude");
const MODEL_VIEW = join(REPO_ROOT, "test/fixtures/model-view.md");
const version = clis.claude.version;
const onPin = version === pinnedClis.claude.version;
const sections = new Map<string, string>();

describe(`Claude Code ${version}: fixtures and model view`, () => {
  it.each(captureScenarios().map((s) => [s.name, s] as const))("%s", async (_name, scenario) => {
    const r = await runScenario({
      agent: "claude",
      name: `capture-${scenario.name}`,
      install: false,
      turns: scenario.turns,
      sabotage: ({ dir, project }) => installCaptureHook(dir, project, scenario.hooks),
      argv: (argv) => withAllowedTools(argv, scenario.allowedTools),
    });
    expect(r.modelRequests.length, r.summary()).toBeGreaterThanOrEqual(2);
    if (Object.keys(scenario.hooks).length > 0) expect(r.captures.length, r.summary()).toBeGreaterThan(0);
    sections.set(scenario.name, modelView(scenario, r));
    for (const [file, want] of Object.entries(scenario.fixtures ?? {})) {
      const found = r.captures.filter((c) => isEvent(c, want.event, want.tool))[(want.nth ?? 1) - 1];
      expect(found, `${file}: no ${want.event} payload\n${r.summary()}`).toBeDefined();
      const text = scrub(JSON.stringify(found, null, 2), r.dir) + "\n";
      if (capture && !onPin) throw new Error(`capture on the pin only (${pinnedClis.claude.version}), not ${version}`);
      if (capture) writeFileSync(join(FIXTURES, file), text);
      else
        expect(fieldNames(JSON.parse(text)), `${file} has other fields on ${version}`).toEqual(
          fieldNames(JSON.parse(readFileSync(join(FIXTURES, file), "utf8"))),
        );
    }
  });

  it("model-view.md §1 is what this release showed the model", () => {
    const names = captureScenarios().map((s) => s.name);
    expect(
      names.filter((name) => !sections.has(name)),
      "every scenario above ran",
    ).toEqual([]);
    const section = header() + names.map((name) => sections.get(name)).join("\n") + "\n---\n";
    const text = readFileSync(MODEL_VIEW, "utf8");
    const start = text.indexOf("## 1. Claude Code");
    const end = text.indexOf("## 2. ", start);
    if (capture) writeFileSync(MODEL_VIEW, text.slice(0, start) + section + "\n" + text.slice(end));
    // Another release (HOOKIT_E2E_VERSIONS, HOOKIT_E2E_LATEST) shows the model its own texts; §1 is the pin's.
    else if (onPin) expect(text.slice(start, end)).toBe(section + "\n");
    else expect(section).toContain(`## 1. Claude Code ${version}`);
  });
});

function isEvent(payload: unknown, event: string, tool?: string): boolean {
  const p = payload as { hook_event_name?: unknown; tool_name?: unknown };
  return p.hook_event_name === event && (tool === undefined || p.tool_name === tool);
}

/** The field names of a payload, one level into objects (tool_input, tool_response, …). */
function fieldNames(payload: Record<string, unknown>): string[] {
  return Object.entries(payload)
    .flatMap(([key, value]) =>
      typeof value === "object" && value !== null && !Array.isArray(value) ? [key, ...Object.keys(value).map((k) => `${key}.${k}`)] : [key],
    )
    .sort();
}

function header(): string {
  return `## 1. Claude Code ${version}

Wire: Anthropic Messages (\`POST /v1/messages?beta=true\`, streaming). Run: \`claude -p "Please follow the e2e script." --output-format json\`, with \`--allowedTools\` as each scenario says (re-made by \`HOOKIT_E2E_CAPTURE_FIXTURES=1\` with test/e2e/claude-capture.e2e.test.ts).
Fake model: step 0 = \`tool_use\` \`Bash {"command":"echo hello","description":"Run test command"}\` (or \`Write {"file_path":"/home/user/project/hello.txt","content":"hello\\n"}\`, that Write then \`Read {"file_path":"/home/user/project/hello.txt"}\`, or \`Bash {"command":"touch hookit-e2e-marker",…}\`), step 1 = text \`Done: the tool call finished.\`, step 2 = text \`Final answer after stop-hook feedback.\`.
Hook reason text: **R** = \`HOOKIT-DENY: <mode> blocked this by policy (marker 7f3a)\` with the mode name substituted; \`<cmd>\` = \`node <scratch>/hook.mjs <mode>\`.

For each model request after the first, the block shows the messages after the model's last turn (the ones the hook influenced), one per line. Request numbers are the fake server's sequence numbers.

`;
}

function modelView(scenario: CaptureScenario, r: RunResult): string {
  const lines = [
    `### claude-code / \`${scenario.name}\``,
    "",
    `- Hook: ${scenario.hookLine}`,
    `- Hook answer: ${scenario.answer}`,
    `- Outcome: ${scenario.outcome}`,
  ];
  for (const request of r.modelRequests.slice(1)) {
    const messages = (request.body as { messages?: { role?: unknown }[] } | null)?.messages ?? [];
    const after = messages.slice(messages.findLastIndex((m) => m.role === "assistant") + 1);
    lines.push(
      `- Request ${request.seq} (\`${request.answer?.replace(":", "")}\`), the messages after the model's turn:`,
      "",
      "```json",
      ...after.map((message) => scrub(JSON.stringify(message), r.dir)),
      "```",
    );
  }
  return lines.join("\n") + "\n";
}
