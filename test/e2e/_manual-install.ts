// TEMPORARY bridge until `hookit install` lands: writes each harness's hook config by hand from
// the adapter's registrations, pointing at an early bundle of the hot path, and trusts the policy.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { loadAdapter } from "../../src/adapters/registry.ts";
import { trustPolicy } from "../../src/run/trust.ts";

export const EARLY_BIN = process.env.HOOKIT_E2E_EARLY_BIN ?? "/tmp/early/bin.mjs";

export async function manualInstall(agent: "claude" | "codex" | "gemini" | "copilot" | "pi", project: string, home: string): Promise<void> {
  if (agent === "pi") {
    mkdirSync(join(project, ".pi"), { recursive: true });
    writeFileSync(join(project, ".pi/settings.json"), JSON.stringify({ extensions: ["/tmp/early/pi.mjs"] }));
    return;
  }
  const adapter = await loadAdapter(agent);
  const cmd = (ev: string) => `${process.execPath} ${EARLY_BIN} hook --agent ${agent} ${ev}`;
  const write = (p: string, v: unknown) => { mkdirSync(dirname(p), { recursive: true }); writeFileSync(p, JSON.stringify(v, null, 2)); };
  const hooks: Record<string, unknown[]> = {};
  for (const r of adapter.registrations) {
    if (agent === "copilot") hooks[r.native] = [{ type: "command", bash: cmd(r.native), timeoutSec: 30 }];
    else if (agent === "gemini") hooks[r.native] = [{ ...(r.matcher && { matcher: r.matcher }), hooks: [{ name: `hookit-${r.native}`, type: "command", command: cmd(r.native), timeout: 30000 }] }];
    else hooks[r.native] = [{ ...(r.matcher && { matcher: r.matcher }), hooks: [{ type: "command", command: cmd(r.native), timeout: 30 }] }];
  }
  if (agent === "claude") write(join(project, ".claude/settings.json"), { hooks });
  if (agent === "codex") write(join(project, ".codex/hooks.json"), { hooks });
  if (agent === "gemini") write(join(project, ".gemini/settings.json"), { hooksConfig: { enabled: true }, hooks });
  if (agent === "copilot") write(join(project, ".github/hooks/hookit.json"), { version: 1, hooks });
  const policy = join(project, ".hookit/hookit.json");
  trustPolicy(policy, readFileSync(policy), { HOME: home });
}
