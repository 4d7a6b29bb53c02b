// Ground for the external adapter tests: the shared sandbox (test/_sandbox.ts) with a policy file,
// a bin folder first on PATH and an in-process `hookit hook`; the example adapter
// (examples/hookit-agent-example) and hand-made broken adapters as tiny shell scripts that answer
// each protocol call with fixed text and log every call they get.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, sandbox, type Sandbox } from "../../_sandbox.ts";
import { hookReply } from "../../../src/run/hook.ts";
import type { Reply } from "../../../src/contract/types.ts";

export { ROOT };
export const EXAMPLE_DIR = join(ROOT, "examples/hookit-agent-example");
export const EXAMPLE_BIN = join(EXAMPLE_DIR, "hookit-agent-example");
export const EXAMPLE_MODULE = join(EXAMPLE_DIR, "adapter.mjs");

export const exampleFixture = (file: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(EXAMPLE_DIR, "fixtures", file), "utf8")) as Record<string, unknown>;

const hook = (event: string, shell: string) => ({ description: "", event, shell, default: true });
export const BLOCK_POLICY = { local: { deny: hook("tool_call", "false") } };
export const PATCH_POLICY = { local: { redact: hook("tool_result", "false") } };
export const CONTINUE_POLICY = { local: { tests: hook("agent_end", "false") } };
export const PASS_POLICY = { local: { allow: hook("tool_call", "true") } };

export interface Box extends Sandbox {
  /** `<config dir>/agents`, the second place executables are looked for. */
  agentsDir: string;
  settings(settings: unknown): void;
  /** `hookit hook` in-process, through the same entry the binary runs. */
  hook(agent: string, nativeEvent: string, payload: unknown, env?: Record<string, string>): Promise<Reply>;
}

/**
 * A sandbox removed when the test ends, whose policy file holds no hooks until `policy()`.
 * PATH is the sandbox's bin folder, then the system's.
 */
export function box(): Box {
  const base = sandbox({ policyFile: true, binDir: true, path: "/usr/bin:/bin" });
  base.policy({});
  mkdirSync(base.configDir, { recursive: true });
  return {
    ...base,
    agentsDir: join(base.configDir, "agents"),
    settings: (settings) =>
      writeFileSync(join(base.configDir, "settings.json"), typeof settings === "string" ? settings : JSON.stringify(settings)),
    hook: (agent, nativeEvent, payload, extra = {}) =>
      hookReply(
        { agent, nativeEvent },
        typeof payload === "string" ? payload : JSON.stringify(payload),
        { ...base.env, ...extra },
        base.root,
      ),
  };
}

/** What one protocol call of a scripted adapter does. */
export interface ScriptedAnswer {
  stdout?: string;
  stderr?: string;
  exit?: number;
  sleepSeconds?: number;
}
export type ScriptedAdapter = Partial<Record<"info" | "normalize" | "respond", ScriptedAnswer>>;

/** The info answer of a well-behaved adapter named `name` whose tool_call event is `guard`. */
export function infoFor(name: string): Record<string, unknown> {
  return {
    protocol: 1,
    id: name,
    title: `Scripted ${name}`,
    verifiedWith: "test",
    timeoutUnit: "s",
    registrations: [
      { native: "guard", kind: "tool_call" },
      { native: "before_tool", kind: "tool_call" },
      { native: "finish", kind: "stop" },
    ],
    capabilities: [{ feature: "tool_call", native: "guard", support: "native", notes: "" }],
  };
}

/**
 * Writes `<dir>/hookit-agent-<name>`, a shell script that answers each call as
 * told (default info: `infoFor(name)`; other calls: exit 3) and appends the
 * call's name to `<dir>/<name>.calls`. Returns the script's path.
 */
export function scriptedAdapter(dir: string, name: string, answers: ScriptedAdapter): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `hookit-agent-${name}`);
  const callsFile = join(dir, `${name}.calls`);
  const branch = (call: string, answer: ScriptedAnswer | undefined) => {
    const a = answer ?? (call === "info" ? { stdout: JSON.stringify(infoFor(name)) } : { exit: 3, stderr: `${call} is not scripted` });
    return [
      `  ${call})`,
      a.sleepSeconds ? `    sleep ${a.sleepSeconds}` : "",
      a.stdout !== undefined ? `    cat <<'HOOKIT_ANSWER'\n${a.stdout}\nHOOKIT_ANSWER` : "",
      a.stderr !== undefined ? `    echo '${a.stderr.replace(/'/g, "")}' >&2` : "",
      `    exit ${a.exit ?? 0} ;;`,
    ]
      .filter(Boolean)
      .join("\n");
  };
  writeFileSync(
    path,
    [
      "#!/bin/sh",
      `echo "$1" >> '${callsFile}'`,
      "cat > /dev/null",
      'case "$1" in',
      branch("info", answers.info),
      branch("normalize", answers.normalize),
      branch("respond", answers.respond),
      "esac",
      "exit 64",
      "",
    ].join("\n"),
  );
  chmodSync(path, 0o755);
  return path;
}

/** The calls a scripted adapter got, in order. */
export function callsOf(dir: string, name: string): string[] {
  const file = join(dir, `${name}.calls`);
  return existsSync(file) ? readFileSync(file, "utf8").trim().split("\n").filter(Boolean) : [];
}
