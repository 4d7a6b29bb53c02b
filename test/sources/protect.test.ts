// Self-protection for policy sources: a model cannot edit a stored copy or its
// pin, nor run `hookit source add/update/remove` through a tool call (they need
// the user at a terminal, like `hookit trust`); listing the sources stays open.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import type { NormalizedEvent } from "../../src/engine/types.ts";
import { selfProtectionBlock, type ProtectContext } from "../../src/protect/index.ts";

let ctx: ProtectContext;
const COPY = "~/.local/state/hookit/sources/acme+policy/policy-0123456789abcdef.json";

beforeAll(() => {
  const root = mkdtempSync(join(tmpdir(), "hookit-source-protect-"));
  const home = join(root, "home");
  const project = join(root, "project");
  const sources = join(home, ".local", "state", "hookit", "sources", "acme+policy");
  for (const dir of [join(home, ".config", "hookit"), join(sources, "repo.git", "refs", "hookit"), project])
    mkdirSync(dir, { recursive: true });
  writeFileSync(join(home, ".config", "hookit", "sources.json"), "{}");
  writeFileSync(join(sources, "policy-0123456789abcdef.json"), "{}");
  writeFileSync(join(sources, "repo.git", "refs", "hookit", "pinned"), "0".repeat(40));
  ctx = { cwd: project, projectDir: project, env: { HOME: home, PATH: "/usr/bin:/bin" } };
});

const bash = (command: string): NormalizedEvent => ({ event: "tool_call", toolName: "bash", toolCallId: "c", input: { command } });
const tool = (toolName: string, input: Record<string, unknown>): NormalizedEvent => ({
  event: "tool_call",
  toolName,
  toolCallId: "c",
  input,
});
const reason = (event: NormalizedEvent) => selfProtectionBlock([event], ctx);

const ATTACKS = [
  `echo '{}' > ${COPY}`,
  `sed -i 's/"default": true/"default": false/' ${COPY}`,
  `rm -rf ~/.local/state/hookit/sources`,
  `python3 -c "open('$HOME/.config/hookit/sources.json','w').write('{}')"`,
  `printf '{"sources":[]}' > ~/.config/hookit/sources.json`,
  `hookit source remove acme/policy`,
  `hookit source update --yes`,
  `hookit source add /tmp/weaker.git --name acme/policy --yes`,
  `npx hookit source update acme/policy --yes`,
  `node PKG/dist/bin.cjs source add /tmp/x --yes`.replace("PKG", "/opt/hookit"),
  `hookit source`,
];

describe("policy sources under self-protection", () => {
  test.each(ATTACKS)("blocks %s", (command) => {
    expect(reason(bash(command))).toMatch(/^hookit: blocked by self-protection/);
  });

  test("names the source command a model tried to run", () => {
    expect(reason(bash("hookit source remove acme/policy"))).toContain(
      "`hookit source remove` changes what hookit enforces and needs the user at a terminal",
    );
  });

  test("file tools cannot write the copy or the registry", () => {
    expect(reason(tool("write", { path: COPY, content: "{}" }))).toContain("hookit's state");
    expect(reason(tool("edit", { path: "~/.config/hookit/sources.json", edits: [] }))).toContain("hookit's global policy and settings");
  });

  test("reading and listing the sources pass", () => {
    for (const command of [
      `hookit source list`,
      `hookit source list --json`,
      `cat ${COPY}`,
      `git -C ~/.local/state/hookit/sources/acme+policy/repo.git log --oneline -3`,
    ]) {
      expect(reason(bash(command)), command).toBeUndefined();
    }
  });
});
