// What `/hookit` shows inside Pi: the policy files, what is enabled, and the
// last decisions of this session (kept in memory only).
import type { PiAPI, PiContext } from "../../agents/pi/pi-types.ts";
import type { SessionPolicy } from "./policy.ts";

export const COMMAND_NAME = "hookit";
const HISTORY_SIZE = 20;

export interface DecisionRecord {
  at: Date;
  event: string;
  /** Tool name, turn index, switch reason or fork position. */
  subject?: string;
  outcome: string;
  reason?: string;
}

export interface DecisionHistory {
  record(decision: DecisionRecord): void;
  list(): readonly DecisionRecord[];
}

export function createDecisionHistory(size = HISTORY_SIZE): DecisionHistory {
  const records: DecisionRecord[] = [];
  return {
    record(decision) {
      records.push(decision);
      if (records.length > size) records.splice(0, records.length - size);
    },
    list: () => [...records],
  };
}

const time = (at: Date) => at.toTimeString().slice(0, 8);
const firstLine = (text: string) => text.split("\n", 1)[0] ?? "";

export function renderStatus(policy: SessionPolicy | undefined, history: readonly DecisionRecord[]): string {
  const lines = ["hookit — policy for this Pi session"];
  if (!policy) {
    lines.push("  no policy loaded yet (it is read when the session starts)");
  } else {
    for (const file of policy.files) {
      lines.push(`  ${file.storage.padEnd(7)} ${file.path ?? "(inline)"} (${file.text === undefined ? "missing" : "loaded"})`);
    }
    if (policy.untrusted) lines.push(`  project ${policy.untrusted} (not loaded: Pi does not trust this project)`);
    if (policy.diagnostics) {
      lines.push("Config error — no hooks run until it is fixed (`hookit validate`):");
      for (const d of policy.diagnostics) lines.push(`  ${d.file ?? d.storage ?? "catalog"}: ${d.message}`);
    } else {
      const mode = policy.saved ? "saved session enablement" : "defaults mode";
      lines.push(`Enabled: ${policy.enabledRefs.length} of ${policy.entries.length} entries (${mode}); ${policy.hooks.length} hooks run`);
      for (const hook of policy.hooks) {
        lines.push(`  ${hook.ref}  ${hook.event}${hook.description ? `  — ${hook.description}` : ""}`);
      }
    }
  }
  lines.push(history.length === 0 ? "No decisions yet." : `Last ${history.length} decisions:`);
  for (const d of history) {
    const subject = d.subject === undefined ? "" : ` ${d.subject}`;
    const reason = d.reason ? ` — ${firstLine(d.reason)}` : "";
    lines.push(`  ${time(d.at)} ${d.event}${subject} → ${d.outcome}${reason}`);
  }
  return lines.join("\n");
}

/** Registers `/hookit`; the text goes to the user's notification area only (never the model). */
export function registerStatusCommand(pi: PiAPI, describe: () => string): void {
  pi.registerCommand(COMMAND_NAME, {
    description: "Show hookit's policy files, enabled hooks and last decisions",
    handler: (_args: string, ctx: PiContext) => {
      if (ctx.hasUI) ctx.ui.notify(describe(), "info");
    },
  });
}
