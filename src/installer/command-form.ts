// Which program the installed hooks run. A project's files are committed and read on every
// teammate's machine, so a project install names `hookit` as found on PATH at run time, when the
// `hookit` on this machine's PATH is this very hookit and starts. Anywhere else (a user or
// managed install, no hookit on PATH, another copy first on PATH, `--absolute`) the hooks name
// this machine's node and bin by absolute path, which desktop apps and version managers cannot
// hide. Either way a pre-tool hook whose program is missing blocks (`|| exit 2`, marker.ts).
import { execaSync } from "execa";
import { sep } from "node:path";
import type { Env } from "../base/paths.ts";
import { onPath, realPath } from "../install/locate.ts";
import { defaultCommandPrefix } from "../install/marker.ts";
import ownPackage from "../../package.json" with { type: "json" };

/** The program name the package's bin installs (package.json `bin`). */
export const PATH_COMMAND = "hookit";

export interface CommandChoice {
  prefix: string;
  form: "path" | "absolute" | "custom";
  /** Why a project install names this machine's paths: what a team committing the file should know. */
  note?: string;
}

export interface CommandRequest {
  command?: string;
  absolute?: boolean;
  scope: "project" | "global" | "system";
  bin: string;
  nodePath: string;
  env: Env;
}

export function chooseCommand(request: CommandRequest): CommandChoice {
  const { command, absolute, scope, bin, nodePath, env } = request;
  if (command) return { prefix: command, form: "custom" };
  const pinned = { prefix: defaultCommandPrefix(nodePath, bin), form: "absolute" } as const;
  if (absolute === true || scope !== "project") return pinned;
  const problem = pathCommandProblem(bin, env);
  if (problem === undefined) return { prefix: PATH_COMMAND, form: "path" };
  return {
    ...pinned,
    note:
      `The hooks name this machine's paths (${nodePath}, ${bin}): ${problem}. ` +
      `A teammate without those paths is blocked on every tool call. For files a team commits, ` +
      `install ${ownPackage.name} globally (${PATH_COMMAND} on PATH), then run this install again; --absolute keeps this form without the warning.`,
  };
}

/**
 * Why `hookit` on PATH cannot stand for this hookit, or undefined when it can. npm and npx put
 * `node_modules/.bin` folders on PATH only while they run, so those folders do not count.
 */
function pathCommandProblem(bin: string, env: Env): string | undefined {
  const lasting = (env.PATH ?? "")
    .split(":")
    .filter((dir) => dir !== "" && !dir.endsWith(`${sep}node_modules${sep}.bin`))
    .join(":");
  const found = onPath(PATH_COMMAND, { ...env, PATH: lasting });
  if (found === undefined) return `there is no ${PATH_COMMAND} on your PATH`;
  if (realPath(found) !== realPath(bin)) return `the ${PATH_COMMAND} first on your PATH (${found}) is another copy of hookit`;
  const run = execaSync("/bin/sh", ["-c", `${PATH_COMMAND} --version`], {
    env: { ...env, PATH: lasting },
    extendEnv: false,
    reject: false,
    timeout: 10_000,
  });
  if (run.exitCode !== 0 || run.stdout.trim() !== ownPackage.version) {
    const said = (run.stderr || run.stdout).trim().split("\n")[0] ?? "";
    return `${PATH_COMMAND} --version fails from your PATH (${said || `exit ${run.exitCode ?? run.signal}`})`;
  }
  return undefined;
}
