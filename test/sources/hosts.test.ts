// In-process hosts fail closed on a policy source that cannot be enforced,
// like `hookit hook` does: Pi (whose own catalog errors fail open, as HooKit's
// do) blocks every tool call with the source's notice while it lasts.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { digest } from "../../src/sources/sync.ts";
import { sourceCopyPath, sourcesFile } from "../../src/sources/store.ts";
import { startExtension } from "../hosts/pi/fake-pi.ts";
import { sandbox } from "../_sandbox.ts";

const POLICY = JSON.stringify({
  "acme/policy": { "no-curl": { description: "", event: "tool_call", filter: { command: "curl" }, shell: "exit 1", default: true } },
});

/** A recorded source whose stored copy is `copy` (the recorded hash is POLICY's). */
function recordSource(env: Record<string, string | undefined>, copy: string): void {
  const record = {
    name: "acme/policy",
    url: "/srv/acme/policy.git",
    path: "hooks",
    commit: "a".repeat(40),
    sha256: digest(POLICY),
    fetchedAt: "2026-12-01T00:00:00.000Z",
  };
  mkdirSync(join(sourcesFile(env), ".."), { recursive: true });
  writeFileSync(sourcesFile(env), JSON.stringify({ sources: [record] }));
  mkdirSync(join(sourceCopyPath(record, env), ".."), { recursive: true });
  writeFileSync(sourceCopyPath(record, env), copy);
}

const toolCall = (command: string) => ({ type: "tool_call", toolName: "bash", toolCallId: "c1", input: { command } });

describe("Pi and a policy source", () => {
  test("an intact source's guard blocks, honest calls pass", async () => {
    const box = sandbox();
    box.env.XDG_STATE_HOME = join(box.root, "state");
    recordSource(box.env, POLICY);
    const fake = await startExtension(box, { trusted: true });
    expect(await fake.fire("tool_call", toolCall("curl x"))).toMatchObject({ block: true });
    expect(await fake.fire("tool_call", toolCall("ls"))).toBeUndefined();
  });

  test("a changed copy blocks every tool call with the source and the fix named", async () => {
    const box = sandbox();
    box.env.XDG_STATE_HOME = join(box.root, "state");
    recordSource(box.env, POLICY.replace('"default":true', '"default":false'));
    const fake = await startExtension(box, { trusted: true });
    const result = (await fake.fire("tool_call", toolCall("ls"))) as { block?: boolean; reason?: string };
    expect(result.block).toBe(true);
    expect(result.reason).toContain('the policy source "acme/policy"');
    expect(result.reason).toContain("hookit source update acme/policy");
  });
});
