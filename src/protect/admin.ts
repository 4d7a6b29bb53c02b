// The hookit commands that change what it enforces and so need the user at a
// terminal (`trust`, `install`, `uninstall`, `init`, `source add/update/remove`),
// however the line reaches hookit's bin: by name, through a package runner, or
// as `node …/dist/bin.cjs`.
import { readIfExists } from "../base/read-if-exists.ts";
import { resolvePath } from "../base/path-join.ts";
import type { ProtectContext } from "./locations.ts";

const ADMIN = new Set(["trust", "install", "uninstall", "init"]);
const RUNNERS = new Set(["npx", "bunx", "pnpx"]);
const MANAGERS = new Set(["npm", "pnpm", "yarn", "bun"]);
/** Every program through which a line can reach hookit's bin (test/facts/registry.test.ts: each is in the program registry). */
export const REACHES_HOOKIT = ["hookit", "node", "nodejs", ...RUNNERS, ...MANAGERS];
const MANAGER_RUN = new Set(["exec", "dlx", "x"]);
/** pnpm, yarn and bun run a dependency's bin by its name: `yarn hookit trust`. */
const RUNS_BY_NAME = new Set(["pnpm", "yarn", "bun"]);

/**
 * A word naming hookit's package or bin to a package runner: `hookit`, its npm package `hookit-cli`
 * (or a fork or scope of it: the runner runs its `hookit` bin all the same), any version.
 */
const HOOKIT_PACKAGE = /^(@[^/]+\/)?hookit[\w.-]*(@.*)?$/;
const NODE = /^node(\d*)$|^nodejs$/;

/**
 * A package manager's subcommands that remove, replace or relink a package: run on hookit's own
 * (`npm uninstall -g hookit-cli`), they take away or swap the program every registered hook runs,
 * and an agent whose hook command is gone runs its tools unguarded.
 */
const CHANGES_PACKAGE = new Set([
  ...["uninstall", "remove", "rm", "r", "un", "unlink", "install", "i", "isntall", "add", "update", "up", "upgrade", "link", "ln"],
]);

/** `hookit trust`, `npx hookit-cli install`, `node …/dist/bin.cjs uninstall`: the subcommand, if it is one that needs the user. */
export function adminCommand(
  program: string,
  args: readonly string[],
  ctx: ProtectContext,
  cwd: string | null = ctx.cwd,
): string | undefined {
  const managed = packageChange(program, args) ?? globalSwap(program, args, cwd);
  if (managed) return managed;
  const rest = hookitArgs(program, args, ctx);
  if (!rest) return undefined;
  const words = rest.filter((word) => !word.startsWith("-"));
  const sub = words[0];
  if (sub === "source") {
    // Adding, updating or removing an organization policy source is the user's; listing them only reads.
    const action = words[1];
    return action === "list" ? undefined : `hookit source${action ? ` ${action}` : ""}`;
  }
  return sub && ADMIN.has(sub) ? `hookit ${sub}` : undefined;
}

/** The words hookit's bin gets when `program args` runs it; `undefined` when it does not. */
function hookitArgs(program: string, args: readonly string[], ctx: ProtectContext): readonly string[] | undefined {
  if (program === "hookit") return args;
  const first = args[0] ?? "";
  if (
    RUNNERS.has(program) ||
    (MANAGERS.has(program) && MANAGER_RUN.has(first)) ||
    (RUNS_BY_NAME.has(program) && HOOKIT_PACKAGE.test(first))
  ) {
    // The package, then the bin it runs, in any order of options: `npx -p hookit-cli hookit trust`.
    const words = args.filter((word) => !word.startsWith("-"));
    let at = words.findIndex((word) => HOOKIT_PACKAGE.test(word));
    if (at < 0) return undefined;
    while (HOOKIT_PACKAGE.test(words[at + 1] ?? "")) at++;
    return words.slice(at + 1);
  }
  if (NODE.test(program)) {
    const at = args.findIndex(
      (word) => /(^|\/)(dist\/bin\.cjs|hookit)$/.test(word) || (ctx.packageDir !== undefined && word.startsWith(ctx.packageDir)),
    );
    return at >= 0 ? args.slice(at + 1) : undefined;
  }
  return undefined;
}

/** `npm uninstall -g hookit-cli`, `pnpm add -g hookit-cli@0.1`, `yarn global remove hookit-cli`: the change, if it is one to hookit's package. */
function packageChange(program: string, args: readonly string[]): string | undefined {
  if (!MANAGERS.has(program)) return undefined;
  const words = args.filter((word) => !word.startsWith("-"));
  const at = program === "yarn" && words[0] === "global" ? 1 : 0;
  const sub = words[at];
  if (sub === undefined || !CHANGES_PACKAGE.has(sub)) return undefined;
  const target = words.slice(at + 1).find((word) => HOOKIT_PACKAGE.test(word));
  return target === undefined ? undefined : `${program} ${words.slice(0, at + 1).join(" ")} ${target}`;
}

/**
 * A global install or link whose package is hookit's under another spelling: a folder or tarball
 * named by path (`npm i -g ./fork`, `npm link` in a checkout of hookit, `pnpm link --global .`), a
 * git or URL spec that names it (`npm i -g github:someone/hookit-cli`). Global packages own the
 * bins on the agent's PATH, so the `hookit` every registered hook runs would be that package's.
 */
function globalSwap(program: string, args: readonly string[], cwd: string | null): string | undefined {
  if (!MANAGERS.has(program)) return undefined;
  const words = args.filter((word) => !word.startsWith("-"));
  const yarnGlobal = program === "yarn" && words[0] === "global";
  const sub = words[yarnGlobal ? 1 : 0];
  const links = sub === "link" || sub === "ln";
  const global = yarnGlobal || args.includes("-g") || args.includes("--global") || args.includes("--location=global");
  if (sub === undefined || !CHANGES_PACKAGE.has(sub) || !(global || links)) return undefined;
  const specs = words.slice(yarnGlobal ? 2 : 1);
  // `npm link` alone links the package of the folder it runs in.
  for (const spec of links && specs.length === 0 ? ["."] : specs) {
    if (/hookit/i.test(spec) || (cwd !== null && isHookitFolder(resolvePath(cwd, spec.replace(/^file:/, "")))))
      return `${program} ${sub} ${spec}`;
  }
  return undefined;
}

/** A folder holding a package named as hookit's, or one with a `hookit` bin. */
function isHookitFolder(dir: string): boolean {
  const text = readIfExists(`${dir}/package.json`);
  if (text === undefined) return false;
  try {
    const manifest = JSON.parse(text) as { name?: unknown; bin?: unknown };
    const name = typeof manifest.name === "string" ? manifest.name : "";
    const bin = manifest.bin;
    return HOOKIT_PACKAGE.test(name) || (typeof bin === "object" && bin !== null && "hookit" in bin);
  } catch {
    return false;
  }
}
