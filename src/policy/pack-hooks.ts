// The policy entries that turn packs on (`hookit init --packs`): HooKit hooks
// filtering the `hookit.packs` fact on the packs' names, so the policy file shows
// which packs are on and a user can narrow them with a regular expression
// (docs/packs.md).
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { allPacks, type Pack } from "../facts/packs/registry.ts";

const tell = (message: string) => ({ type: "message", message, delivery: "steer", outcome: "block" }) as const;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");

/** The packs named (`all` for every one); an unknown name is an error that lists the packs. */
export function choosePacks(names: string): Pack[] | string {
  const wanted = names
    .split(",")
    .map((n) => n.trim())
    .filter((n) => n !== "");
  if (wanted.includes("all")) return [...allPacks()];
  const unknown = wanted.filter((n) => !allPacks().some((p) => p.id === n));
  if (unknown.length > 0)
    return `unknown pack ${unknown.map((n) => `"${n}"`).join(", ")}; the packs are ${allPacks()
      .map((p) => p.id)
      .join(", ")} (or all)`;
  return allPacks().filter((p) => wanted.includes(p.id));
}

/**
 * Two hooks for every pack turned on: `packs` refuses what their blocking rules match, `packs-ask`
 * asks about the rest. Each filter names the packs (`^block (databases|kubernetes)/`), so the policy
 * shows what is on; one hook per mode rather than per pack keeps the policy a call reads small.
 */
export function packHooks(packs: readonly Pack[]): Record<string, unknown> {
  const hooks: Record<string, unknown> = {};
  for (const mode of ["block", "ask"] as const) {
    const on = packs.filter((pack) => pack.rules.some((r) => (r.ask === true) === (mode === "ask")));
    if (on.length === 0) continue;
    hooks[mode === "block" ? "packs" : "packs-ask"] = {
      description: `hookit's packs (docs/packs.md), rules that ${mode === "ask" ? "ask the user" : "refuse"}: ${on.map((p) => `${p.id} v${p.version}`).join(", ")}`,
      event: "tool_call",
      ...(mode === "ask" && { ask: true }),
      filter: { "hookit.packs": `^${mode} (${on.map((p) => escape(p.id)).join("|")})/` },
      shell: "false",
      action: tell(
        mode === "ask"
          ? "This needs the user's yes ({hookit.packs})."
          : "Refused by hookit's packs: {hookit.packs}. Do not look for another way to do it.",
      ),
      default: true,
    };
  }
  return hooks;
}

/** Names (and name endings) that say a repository uses a pack's tools: what `hookit init` suggests. */
const SIGNS: ReadonlyArray<{ pack: string; names: string[]; endings?: string[] }> = [
  { pack: "infrastructure", names: ["Pulumi.yaml", "cdk.json", "serverless.yml", "terragrunt.hcl"], endings: [".tf"] },
  {
    pack: "containers",
    names: ["Dockerfile", "Containerfile", "docker-compose.yml", "docker-compose.yaml", "compose.yml", "compose.yaml"],
  },
  { pack: "kubernetes", names: ["Chart.yaml", "kustomization.yaml", "skaffold.yaml", "k8s", "kubernetes", "helm"] },
  { pack: "databases", names: ["migrations", "schema.prisma", "alembic.ini"], endings: [".sql"] },
  { pack: "publishing", names: ["Cargo.toml", "pyproject.toml", "setup.py", "pom.xml", "build.gradle"], endings: [".gemspec"] },
  { pack: "platforms", names: [".github", ".gitlab-ci.yml"] },
  { pack: "ci", names: [".circleci", "Jenkinsfile", ".buildkite"] },
  { pack: "backups", names: [".borgmatic", "borgmatic.yaml", "velero"] },
];

/** The packs a repository's files (its top two levels) suggest, each with the file that does. */
export function suggestedPacks(root: string): Array<{ pack: string; because: string }> {
  const found: string[] = [];
  const look = (dir: string, depth: number) => {
    let entries: import("node:fs").Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name === "node_modules" || entry.name === ".git") continue;
      found.push(depth === 0 ? entry.name : join(dir.slice(root.length + 1), entry.name));
      if (entry.isDirectory() && depth < 1) look(join(dir, entry.name), depth + 1);
    }
  };
  if (existsSync(root)) look(root, 0);
  const out: Array<{ pack: string; because: string }> = [];
  for (const { pack, names, endings = [] } of SIGNS) {
    const hit = found.find((f) => names.includes(f.split("/").at(-1)!) || endings.some((e) => f.endsWith(e)));
    if (hit) out.push({ pack, because: hit });
  }
  return out;
}
