// `hookit uninstall`: remove exactly what `hookit install` wrote.
import { defineCommand } from "citty";
import { INSTALL_ARGS, runInstallCommand } from "../installer/cli.ts";

export default defineCommand({
  meta: { name: "uninstall", description: "Remove hookit's hooks; files hookit created are deleted" },
  args: INSTALL_ARGS,
  async run({ args, rawArgs }) {
    const io = { env: process.env, cwd: process.cwd(), stdout: (text: string) => process.stdout.write(text), stderr: process.stderr };
    process.exitCode = await runInstallCommand("uninstall", args, rawArgs, io);
  },
});
