// The citty command tree, every subcommand imported lazily. Loaded by main.ts only
// after it has settled colours: citty and consola read NO_COLOR when they load.
import { defineCommand, runMain, type ArgsDef, type CommandDef } from "citty";
import pkg from "../../package.json" with { type: "json" };
import { nearest } from "../nearest.ts";
import { argvProblem } from "./_strict-args.ts";

const lazy = <T>(load: () => Promise<{ default: T }>) => () => load().then((m) => m.default);

const SUB_COMMANDS = {
  hook: lazy(() => import("./hook.ts")),
  init: lazy(() => import("./init.ts")),
  validate: lazy(() => import("./validate.ts")),
  schema: lazy(() => import("./schema.ts")),
  check: lazy(() => import("./check.ts")),
  install: lazy(() => import("./install.ts")),
  uninstall: lazy(() => import("./uninstall.ts")),
  doctor: lazy(() => import("./doctor.ts")),
  trust: lazy(() => import("./trust.ts")),
  log: lazy(() => import("./log.ts")),
  test: lazy(() => import("./test.ts")),
  explain: lazy(() => import("./explain.ts")),
  replay: lazy(() => import("./replay.ts")),
};

export const main = defineCommand({
  meta: { name: "hookit", version: pkg.version, description: pkg.description },
  subCommands: SUB_COMMANDS,
});

export { runMain };

/** An unknown command, flag or extra argument: citty would ignore it (or print a stack). */
export async function usageProblem(argv: string[]): Promise<string | undefined> {
  const [first, ...rest] = argv;
  if (first === undefined || ["--help", "-h", "--version", "-v"].includes(first)) return undefined;
  const names = Object.keys(SUB_COMMANDS);
  if (!Object.hasOwn(SUB_COMMANDS, first)) {
    const near = nearest(first, names);
    return `unknown command "${first}"${near ? ` (did you mean \`hookit ${near}\`?)` : ""}; commands: ${names.join(", ")}`;
  }
  const command = (await SUB_COMMANDS[first as keyof typeof SUB_COMMANDS]()) as CommandDef;
  const args = (typeof command.args === "function" ? await command.args() : await command.args) as ArgsDef | undefined;
  return argvProblem(first, args ?? {}, rest);
}
