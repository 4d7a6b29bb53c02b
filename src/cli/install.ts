// `hookit install`: write hookit's hooks into each agent's configuration.
import { defineCommand } from "citty";
import { INSTALL_ARGS, runInstallCommand } from "../installer/cli.ts";

export default defineCommand({
  meta: {
    name: "install",
    description: "Register hookit with the agents you name (--agent, or all): their hook config, Pi's extension, OpenCode's plugin",
  },
  args: INSTALL_ARGS,
  async run({ args, rawArgs }) {
    const io = { env: process.env, cwd: process.cwd(), stdout: (text: string) => process.stdout.write(text), stderr: process.stderr };
    process.exitCode = await runInstallCommand("install", args, rawArgs, io);
  },
});
