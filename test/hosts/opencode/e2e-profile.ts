// How the e2e suite runs OpenCode 1.18.33 headless against the fake Chat Completions server: a
// custom OpenAI-compatible provider on 127.0.0.1 (the AI SDK's openai-compatible package is built
// into OpenCode, so nothing is fetched), the model catalog fetch off, and the launcher in
// e2e-launcher.ts. Everything hookit-specific is written by `hookit install`.
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { buildSync } from "esbuild";
import type { AgentContext, AgentProfile } from "../../e2e/agents.ts";
import { clis } from "../../e2e/clis.ts";

const json = (value: unknown) => JSON.stringify(value, null, 2) + "\n";

/**
 * Test-only offline switch. When any plugin is configured, OpenCode installs its plugin types
 * package into every config directory it reads and waits for that before loading plugins; with
 * no network the wait never ends. A `node_modules/` plus a lockfile that already lists the package
 * is what OpenCode checks to skip the install.
 */
export function seedPluginDependencies(configDir: string): Record<string, string> {
  mkdirSync(join(configDir, "node_modules"), { recursive: true });
  return { [join(configDir, "package-lock.json")]: json({ packages: { "": { dependencies: { "@opencode-ai/plugin": "*" } } } }) };
}

function bundledLauncher(ctx: AgentContext): string {
  const out = join(dirname(ctx.home), "opencode-launcher.mjs");
  buildSync({
    entryPoints: [join(import.meta.dirname, "e2e-launcher.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile: out,
    logLevel: "error",
  });
  return out;
}

export const opencode: AgentProfile = {
  id: "opencode",
  wire: "chat",
  version: clis.opencode.version,
  launch: (ctx, cli) => {
    const config = join(ctx.home, ".config/opencode");
    return {
      argv: [process.execPath, bundledLauncher(ctx), ctx.prompt],
      env: {
        HOOKIT_E2E_OPENCODE_CLI: JSON.stringify(cli),
        OPENCODE_DISABLE_MODELS_FETCH: "1",
        OPENCODE_DISABLE_AUTOUPDATE: "1",
        NO_COLOR: "1",
      },
      files: {
        [join(config, "opencode.json")]: json({
          provider: {
            fake: {
              npm: "@ai-sdk/openai-compatible",
              name: "Fake",
              options: { baseURL: `http://127.0.0.1:${ctx.port}/v1`, apiKey: "e2e-dummy-key-7f3a" },
              models: { "fake-model": { name: "Fake Model", tool_call: true } },
            },
          },
          model: "fake/fake-model",
          autoupdate: false,
          share: "disabled",
        }),
        ...seedPluginDependencies(config),
      },
      timeoutMs: 120_000,
    };
  },
  // OpenCode has no command hooks: a hand-written plugin runs the command with the call on stdin.
  captureHook: (ctx, command) => {
    const dir = join(ctx.project, ".opencode");
    const plugin = `import { spawnSync } from "node:child_process";
export const e2eCapture = async () => ({
  "tool.execute.before": async (input, output) => {
    spawnSync("/bin/sh", ["-c", ${JSON.stringify(command)}], { input: JSON.stringify({ ...input, args: output.args }) });
  },
});
`;
    return { [join(dir, "plugins/e2e-capture.js")]: plugin, ...seedPluginDependencies(dir) };
  },
};
