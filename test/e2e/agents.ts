// How to run each real CLI headless against the fake server (real-cli-recipes §2–§7): its wire,
// its offline configuration and environment, and ONLY the test-only switches it needs (hook trust
// bypass, folder trust, permission flags). Everything hookit-specific is written by
// `hookit install`, not here.
import { join } from "node:path";
import { clis, type CliId } from "./clis.ts";
import type { Wire } from "./servers/types.ts";
import { opencode } from "../hosts/opencode/e2e-profile.ts";
import { compareVersions } from "../../src/doctor/versions.ts";

export type { CliId };

export interface AgentContext {
  cacheRoot: string;
  home: string;
  project: string;
  port: number;
  prompt: string;
}

export interface AgentLaunch {
  argv: string[];
  /** Added to the base environment (PATH, HOME, TERM). */
  env: Record<string, string>;
  /** Absolute path → content, written before hookit is installed. */
  files: Record<string, string>;
  timeoutMs: number;
  /** Added to the environment of `hookit install` too (Kimi: the KIMI_CODE_HOME a project install needs). */
  installEnv?: Record<string, string>;
}

export interface AgentProfile {
  id: CliId;
  wire: Wire;
  version: string;
  launch(ctx: AgentContext, cli: string[]): AgentLaunch;
  /** Hand-written config running `command` before every shell tool call (smoke tests, no hookit). */
  captureHook(ctx: AgentContext, command: string): Record<string, string>;
}

const json = (value: unknown) => JSON.stringify(value, null, 2) + "\n";
const base = (ctx: AgentContext) => `http://127.0.0.1:${ctx.port}`;

const claude: AgentProfile = {
  id: "claude",
  wire: "anthropic",
  version: clis.claude.version,
  launch: (ctx, cli) => ({
    // --allowedTools: -p refuses writing commands (`touch`) and Write calls without it. Never --bare: it skips hooks.
    argv: [...cli, "-p", ctx.prompt, "--output-format", "json", "--allowedTools", "Bash,Write"],
    env: {
      ANTHROPIC_BASE_URL: base(ctx),
      ANTHROPIC_API_KEY: "dummy",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      DISABLE_TELEMETRY: "1",
      DISABLE_AUTOUPDATER: "1",
      DISABLE_ERROR_REPORTING: "1",
      DISABLE_BUG_COMMAND: "1",
    },
    files: {},
    timeoutMs: 120_000,
  }),
  captureHook: (ctx, command) => ({
    [join(ctx.project, ".claude/settings.json")]: json({
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command }] }] },
    }),
  }),
};

const codexConfig = (ctx: AgentContext) => `model = "gpt-5.5"
model_provider = "fake"
approval_policy = "never"
sandbox_mode = "danger-full-access"
check_for_update_on_startup = false

[model_providers.fake]
name = "Fake"
base_url = "${base(ctx)}/v1"
wire_api = "responses"
env_key = "FAKE_API_KEY"
request_max_retries = 0
stream_max_retries = 0

[features]
enable_request_compression = false
plugins = false
remote_plugin = false
apps = false

[analytics]
enabled = false

# Test-only: <proj>/.codex/ configuration loads only for a trusted project.
[projects.${JSON.stringify(ctx.project)}]
trust_level = "trusted"
`;

const codex: AgentProfile = {
  id: "codex",
  wire: "responses",
  version: clis.codex.version,
  launch: (ctx, cli) => ({
    // --dangerously-bypass-hook-trust: untrusted hooks are skipped silently, and trust is a TUI step.
    argv: [...cli, "exec", "--skip-git-repo-check", "--json", "--dangerously-bypass-hook-trust", ctx.prompt],
    env: { CODEX_HOME: join(ctx.home, ".codex"), FAKE_API_KEY: "dummy" },
    files: { [join(ctx.home, ".codex/config.toml")]: codexConfig(ctx) },
    timeoutMs: 120_000,
  }),
  captureHook: (ctx, command) => ({
    [join(ctx.home, ".codex/hooks.json")]: json({ hooks: { PreToolUse: [{ matcher: "*", hooks: [{ type: "command", command }] }] } }),
  }),
};

const gemini: AgentProfile = {
  id: "gemini",
  wire: "gemini",
  version: clis.gemini.version,
  launch: (ctx, cli) => ({
    argv: [...cli, "-p", ctx.prompt, "--yolo", "-m", "gemini-2.5-flash"],
    // GEMINI_CLI_TRUST_WORKSPACE: headless runs in an untrusted folder exit 55 and run no hooks.
    env: {
      GEMINI_API_KEY: "fake",
      GOOGLE_GEMINI_BASE_URL: base(ctx),
      GEMINI_CLI_TRUST_WORKSPACE: "true",
      GEMINI_TELEMETRY_ENABLED: "false",
    },
    files: {
      // selectedType: without it the base-URL variable alone fails with "Invalid auth method" (exit 41).
      [join(ctx.home, ".gemini/settings.json")]: json({
        security: { auth: { selectedType: "gemini-api-key" } },
        general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
        privacy: { usageStatisticsEnabled: false },
        telemetry: { enabled: false },
      }),
    },
    timeoutMs: 120_000,
  }),
  captureHook: (ctx, command) => ({
    [join(ctx.project, ".gemini/settings.json")]: json({
      hooksConfig: { enabled: true },
      hooks: { BeforeTool: [{ matcher: "run_shell_command", hooks: [{ name: "e2e-capture", type: "command", command, timeout: 10000 }] }] },
    }),
  }),
};

const copilot: AgentProfile = {
  id: "copilot",
  wire: "chat",
  version: clis.copilot.version,
  launch: (ctx, cli) => ({
    // 1.0.92 has no --disable-client-telemetry (and refuses unknown flags); COPILOT_OFFLINE keeps it offline anyway.
    argv: [
      ...cli,
      "-p",
      ctx.prompt,
      "--allow-all",
      "--no-auto-update",
      ...copilotTelemetryFlag(),
      "--no-custom-instructions",
      "--output-format",
      "json",
    ],
    env: {
      NO_COLOR: "1",
      COPILOT_OFFLINE: "true",
      COPILOT_PROVIDER_BASE_URL: `${base(ctx)}/v1`,
      // A unique key: Copilot masks the key wherever it appears (a short one mangled tool-call ids).
      COPILOT_PROVIDER_API_KEY: "e2e-dummy-key-7f3a",
      COPILOT_MODEL: "gpt-4.1",
      COPILOT_AUTO_UPDATE: "false",
      // One shared unpack cache: 0.6 s per run instead of 1.5 s and 235 MB per throwaway HOME.
      COPILOT_CACHE_HOME: join(ctx.cacheRoot, "copilot-cache"),
      // Test-only folder trust: repository hooks are skipped silently in an untrusted folder.
      COPILOT_ALLOW_ALL: "true",
    },
    files: {},
    timeoutMs: 120_000,
  }),
  captureHook: (ctx, command) => ({
    [join(ctx.project, ".github/hooks/e2e-capture.json")]: json({
      version: 1,
      hooks: { preToolUse: [{ type: "command", bash: command, timeoutSec: 30 }] },
    }),
  }),
};

function copilotTelemetryFlag(): string[] {
  return compareVersions(clis.copilot.version, "1.0.102") >= 0 ? ["--disable-client-telemetry"] : [];
}

const piAgentDir = (ctx: AgentContext) => join(ctx.home, ".pi/agent");

const pi: AgentProfile = {
  id: "pi",
  wire: "chat",
  version: clis.pi.version,
  launch: (ctx, cli) => ({
    // -a: headless Pi skips project-local extensions and settings unless the project is approved.
    argv: [
      ...cli,
      "-p",
      "--no-session",
      "--offline",
      "--no-context-files",
      "--no-skills",
      "-a",
      "--provider",
      "fake",
      "--model",
      "fake-model",
      ctx.prompt,
    ],
    env: { PI_CODING_AGENT_DIR: piAgentDir(ctx), PI_OFFLINE: "1", PI_SKIP_VERSION_CHECK: "1", PI_TELEMETRY: "0" },
    files: {
      [join(piAgentDir(ctx), "models.json")]: json({
        providers: {
          fake: {
            baseUrl: `${base(ctx)}/v1`,
            api: "openai-completions",
            apiKey: "dummy-key",
            models: [
              { id: "fake-model", contextWindow: 32000, maxTokens: 1024, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 } },
            ],
          },
        },
      }),
    },
    timeoutMs: 60_000,
  }),
  captureHook: () => ({}),
};

const factory: AgentProfile = {
  id: "factory",
  wire: "chat",
  version: clis.factory.version,
  launch: (ctx, cli) => ({
    argv: [...cli, "exec", "-m", "custom:FakeLocal-0", "--auto", "high", "-o", "json", ctx.prompt],
    env: { NO_COLOR: "1" },
    files: {
      // A neutral model name: an OpenAI-looking one makes droid inject advice into the prompt.
      [join(ctx.home, ".factory/settings.json")]: json({
        customModels: [
          {
            model: "fake-local-model",
            displayName: "FakeLocal",
            baseUrl: `${base(ctx)}/v1`,
            apiKey: "e2e-dummy-key-7f3a",
            provider: "generic-chat-completion-api",
            maxOutputTokens: 1000,
          },
        ],
      }),
    },
    timeoutMs: 120_000,
  }),
  captureHook: (ctx, command) => ({
    [join(ctx.project, ".factory/settings.json")]: json({
      hooks: { PreToolUse: [{ matcher: "*", hooks: [{ type: "command", command, timeout: 30 }] }] },
    }),
  }),
};

/** Kimi Code's data directory: a project install (`<project>/.kimi-code/config.toml`) is read only through KIMI_CODE_HOME. */
const kimiHome = (ctx: AgentContext) => join(ctx.project, ".kimi-code");

const kimi: AgentProfile = {
  id: "kimi",
  wire: "chat",
  version: clis.kimi.version,
  launch: (ctx, cli) => ({
    // -p runs the prompt headless and runs Bash and Write without asking (--auto is refused with -p).
    argv: [...cli, "-p", ctx.prompt],
    // KIMI_MODEL_*: a provider made in memory from the environment, so no login and no config file.
    env: {
      KIMI_CODE_HOME: kimiHome(ctx),
      KIMI_MODEL_NAME: "fake-model",
      KIMI_MODEL_API_KEY: "e2e-dummy-key-7f3a",
      KIMI_MODEL_PROVIDER_TYPE: "openai",
      KIMI_MODEL_BASE_URL: `${base(ctx)}/v1`,
      KIMI_DISABLE_TELEMETRY: "1",
      NO_COLOR: "1",
    },
    files: {},
    timeoutMs: 120_000,
    installEnv: { KIMI_CODE_HOME: kimiHome(ctx) },
  }),
  captureHook: (ctx, command) => ({
    [join(kimiHome(ctx), "config.toml")]:
      `[[hooks]]\nevent = "PreToolUse"\nmatcher = "Bash"\ncommand = ${JSON.stringify(command)}\ntimeout = 30\n`,
  }),
};

export const AGENTS: Record<CliId, AgentProfile> = { claude, codex, gemini, copilot, pi, factory, opencode, kimi };
