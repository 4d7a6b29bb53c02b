// The plugin reads the policy on every event: an edit applies to the next call,
// unchanged files reuse their validation, and the project file runs only while
// hookit's trust store holds its exact bytes (OpenCode has no trust of its own).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createPolicySource } from "../../../src/hosts/opencode/policy.ts";
import { trustPolicy } from "../../../src/policy/trust.ts";
import { hooks } from "./_fake.ts";
import { sandbox } from "../../_sandbox.ts";

describe("createPolicySource", () => {
  it("reuses the validated catalog while no byte changed, and re-reads an edit", () => {
    const box = sandbox();
    box.globalPolicy(hooks({ a: { event: "tool_call", shell: "true" } }));
    const current = createPolicySource(box.project, box.env);
    const first = current();
    expect(current().entries).toBe(first.entries);
    expect(current().hooks).toBe(first.hooks);
    box.globalPolicy(hooks({ a: { event: "tool_call", shell: "true" }, b: { event: "agent_end", shell: "true" } }));
    expect(current().hooks.map((h) => h.ref)).toEqual(["local/a", "local/b"]);
  });

  it("keeps a broken file's diagnostics until it is fixed", () => {
    const box = sandbox();
    box.globalPolicy('{ "local": ');
    const current = createPolicySource(box.project, box.env);
    expect(current().diagnostics?.[0]?.message).toBeTruthy();
    expect(current().hooks).toEqual([]);
    box.globalPolicy(hooks({ a: { event: "tool_call", shell: "true" } }));
    expect(current().diagnostics).toBeUndefined();
    expect(current().hooks).toHaveLength(1);
  });

  it("loads the project file only once trusted; an edit keeps the trusted version running", () => {
    const box = sandbox();
    const file = box.projectPolicy(hooks({ p: { event: "tool_call", shell: "true" } }));
    const current = createPolicySource(box.project, box.env);
    expect(current()).toMatchObject({ untrusted: file, hooks: [], projectDir: box.project });
    trustPolicy(file, readFileSync(file), box.env);
    expect(current().hooks.map((h) => h.ref)).toEqual(["local/p"]);
    box.projectPolicy(hooks({ p: { event: "tool_call", shell: "false" } }));
    const edited = current();
    expect(edited).toMatchObject({ pending: { path: file, deleted: false } });
    expect(edited.untrusted).toBeUndefined();
    expect(edited.hooks.map((h) => h.shell)).toEqual(["true"]);
  });
});
