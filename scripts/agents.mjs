// The built-in agents, read from their folders: every `src/agents/<id>/` with an `install.ts` is
// an agent; one with an `adapter.ts` runs as a command hook, one without runs hookit in-process
// (its host is `src/hosts/<id>/`); one with a `facts.ts` has aliases or a verified release range.
// `shared/` and `external/` are not agents.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

export function agentFolders(root = join(import.meta.dirname, "..")) {
  const dir = join(root, "src", "agents");
  const ids = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, "install.ts")))
    .map((entry) => entry.name)
    .sort();
  if (ids.length === 0) throw new Error(`no agents found in ${dir}`);
  const hook = ids.filter((id) => existsSync(join(dir, id, "adapter.ts")));
  const facts = ids.filter((id) => existsSync(join(dir, id, "facts.ts")));
  return { all: ids, hook, inProcess: ids.filter((id) => !hook.includes(id)), facts };
}

/** The built-in hook adapters (one `dist/adapters/<id>.cjs` each). */
export const adapterIds = (root) => agentFolders(root).hook;
