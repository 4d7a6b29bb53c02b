// hookit as an in-process Pi extension: Pi loads this module (bundled as
// `dist/pi.mjs`, the package's `./pi` export) and calls its default export with
// its ExtensionAPI. Pi's own packages are never imported at runtime; the types
// hookit needs are written out in `pi-types.ts`.
import type { Env } from "../../base/paths.ts";
import { NATIVE_EVENTS } from "../../engine/types.ts";
import type { PiAPI, PiContext, PiEvent } from "../../agents/pi/pi-types.ts";
import { packageDirOf } from "../../protect/package-dir.ts";
import { createRuntime } from "./runtime.ts";
import { COMMAND_NAME, registerStatusCommand, renderStatus } from "./status.ts";

export interface HookitPiOptions {
  /** Environment for policy lookup (`HOME`, `XDG_CONFIG_HOME`, `HOOKIT_CONFIG`, `HOOKIT`) and hook shells. */
  env?: Env;
  /** Monotonic milliseconds for execution reports. @default performance.now */
  now?: () => number;
  /** Wall clock for `/hookit`'s decision list. @default () => new Date() */
  clock?: () => Date;
}

/** The extension factory with injectable surroundings (tests use this). */
export function createHookitExtension(options: HookitPiOptions = {}): (pi: PiAPI) => void {
  return (pi) => {
    const env = options.env ?? process.env;
    if (env.HOOKIT === "0") {
      // The documented escape hatch: no handlers at all, only a way to see why.
      pi.registerCommand(COMMAND_NAME, {
        description: "hookit is disabled (HOOKIT=0)",
        handler: (_args: string, ctx: PiContext) => {
          if (ctx.hasUI) ctx.ui.notify("hookit is disabled in this Pi process (HOOKIT=0).", "info");
        },
      });
      return;
    }
    const runtime = createRuntime(pi, {
      env,
      now: options.now ?? (() => performance.now()),
      clock: options.clock ?? (() => new Date()),
      packageDir: packageDirOf(import.meta.url),
    });

    // Catalog load and enablement restore; nothing is spawned in the factory itself.
    pi.on("session_start", (_event: PiEvent, ctx: PiContext) => runtime.start(ctx));
    pi.on("session_tree", (_event: PiEvent, ctx: PiContext) => runtime.restore(ctx));
    pi.on("session_shutdown", () => runtime.shutdown());
    // Timing only: they bound a tool batch's execution report.
    pi.on("tool_execution_start", (event: PiEvent) => runtime.toolStarted(event));
    pi.on("tool_execution_end", (event: PiEvent) => runtime.toolEnded(event));
    for (const name of NATIVE_EVENTS) {
      pi.on(name, (event: PiEvent, ctx: PiContext) => runtime.handle(name, event, ctx));
    }
    registerStatusCommand(pi, () => renderStatus(runtime.policy, runtime.history.list()));
  };
}

const hookitPi: (pi: PiAPI) => void = createHookitExtension();
export default hookitPi;
