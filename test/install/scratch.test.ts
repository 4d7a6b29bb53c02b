import { it } from "vitest";
import { TARGETS } from "../../src/install/index.ts";
import { loadAdapter } from "../../src/adapters/registry.ts";

it("scratch", async () => {
  const user = `{
  // my settings
  "model": "opus",
  "hooks": {
    "PreToolUse": [
      { "matcher": "Bash", "hooks": [ { "type": "command", "command": "my-guard.sh" } ] }, // mine
    ],
  },
  "env": {"A": "b"}
}
`;
  for (const id of ["claude", "gemini", "cursor", "copilot", "codex"] as const) {
    const registrations = (await loadAdapter(id)).registrations;
    const opts = { commandPrefix: '"/usr/bin/node" "/opt/hookit/dist/bin.mjs"', registrations, extensionPath: "/opt/hookit/dist/pi.mjs" };
    const t = TARGETS[id];
    const a = t.apply(id === "claude" ? user : undefined, opts);
    console.log(id, "\n" + a.text);
    const b = t.apply(a.text, opts);
    const r = t.remove(a.text);
    console.log("idempotent", b.text === a.text, "restored", r.text === (id === "claude" ? user : t.emptyText), JSON.stringify(r.text));
  }
  const p = TARGETS.pi.apply('{\n\t"extensions": ["/x/y.ts"]\n}\n', { commandPrefix: "", registrations: [], extensionPath: "/opt/hookit/dist/pi.mjs" });
  console.log(p.text);
});
