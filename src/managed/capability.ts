// The "managed" row of each agent's capability table (docs/agents/*.md, through
// `npm run docs`): where `hookit install --system` registers hookit's hooks for
// that agent, or why it registers nothing. docs/teams/managed.md has the detail.
import type { CapabilityRow } from "../contract/types.ts";

const HOOKIT_SIDE = "npm test (hookit hook as a second user)";

const ROWS: Record<string, Omit<CapabilityRow, "feature">> = {
  claude: { native: "/etc/claude-code/managed-settings.json", support: "native", verified: HOOKIT_SIDE,
    notes: "hookit install --system registers here (root-owned); managed hooks run even under the user's disableAllHooks. allowManagedHooksOnly is left to the administrator." },
  codex: { native: "/etc/codex/hooks.json", support: "native", verified: HOOKIT_SIDE,
    notes: "hookit install --system registers beside the system config layer, which Codex's documentation counts as managed (no /hooks review). allow_managed_hooks_only in requirements.toml is left to the administrator." },
  gemini: { native: "/etc/gemini-cli/settings.json", support: "approximate", verified: HOOKIT_SIDE,
    notes: "hookit install --system registers in the system settings, which override the user's; GEMINI_CLI_SYSTEM_SETTINGS_PATH in the user's environment can point Gemini elsewhere." },
};

const NONE: Omit<CapabilityRow, "feature"> = {
  native: "", support: "impossible", verified: "—",
  notes: "no managed configuration hookit could verify: install --system registers nothing, and a user-level install reads the managed policy but its user can remove it.",
};

export function managedCapability(agent: string): CapabilityRow {
  return { feature: "managed", ...(ROWS[agent] ?? NONE) };
}
