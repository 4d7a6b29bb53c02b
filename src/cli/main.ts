// Human-facing CLI: citty with every subcommand imported lazily.
import { defineCommand, runMain } from "citty";
import pkg from "../../package.json" with { type: "json" };

const lazy = <T>(load: () => Promise<{ default: T }>) => () => load().then((m) => m.default);

export const main = defineCommand({
  meta: { name: "hookit", version: pkg.version, description: pkg.description },
  subCommands: {
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
  },
});

export async function runCli(argv: string[]): Promise<void> {
  await runMain(main, { rawArgs: argv });
}
