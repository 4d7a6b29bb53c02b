// The citty command tree, every subcommand imported lazily. Loaded by main.ts only
// after it has settled colours: citty and consola read NO_COLOR when they load.
import { defineCommand, runMain, type ArgsDef, type CommandDef } from "citty";
import pkg from "../../package.json" with { type: "json" };
import { nearest } from "../base/nearest.ts";
import { argvProblem } from "./_strict-args.ts";

const lazy =
  <T>(load: () => Promise<{ default: T }>) =>
  () =>
    load().then((m) => m.default);

const SUB_COMMANDS = {
  hook: lazy(() => import("./hook.ts")),
  init: lazy(() => import("./init.ts")),
  packs: lazy(() => import("./packs.ts")),
  validate: lazy(() => import("./validate.ts")),
  schema: lazy(() => import("./schema.ts")),
  check: lazy(() => import("./check.ts")),
  install: lazy(() => import("./install.ts")),
  uninstall: lazy(() => import("./uninstall.ts")),
  doctor: lazy(() => import("./doctor.ts")),
  trust: lazy(() => import("./trust.ts")),
  source: lazy(() => import("./source.ts")),
  log: lazy(() => import("./log.ts")),
  test: lazy(() => import("./test.ts")),
  explain: lazy(() => import("./explain.ts")),
  replay: lazy(() => import("./replay.ts")),
  telemetry: lazy(() => import("./telemetry.ts")),
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
  return commandProblem(first, (await SUB_COMMANDS[first as keyof typeof SUB_COMMANDS]()) as CommandDef, rest);
}

/** `argv` checked against the command's own arguments, or its subcommands' (`hookit source add …`). */
async function commandProblem(name: string, command: CommandDef, argv: string[]): Promise<string | undefined> {
  const subs = (typeof command.subCommands === "function" ? await command.subCommands() : await command.subCommands) as
    | Record<string, CommandDef>
    | undefined;
  if (subs) {
    const [sub, ...rest] = argv;
    if (sub === undefined || ["--help", "-h"].includes(sub)) return undefined;
    if (!Object.hasOwn(subs, sub)) {
      const near = nearest(sub, Object.keys(subs));
      return `unknown command "${name} ${sub}"${near ? ` (did you mean \`hookit ${name} ${near}\`?)` : ""}; commands: ${Object.keys(subs).join(", ")}`;
    }
    return commandProblem(`${name} ${sub}`, subs[sub] as CommandDef, rest);
  }
  const args = (typeof command.args === "function" ? await command.args() : await command.args) as ArgsDef | undefined;
  return argvProblem(name, args ?? {}, argv);
}
