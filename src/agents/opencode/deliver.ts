// What the OpenCode plugin does with a Decision besides blocking and patching:
// tell the user, start the corrective turn, abort the run. Everything goes
// through OpenCode's own SDK client (the same process), best-effort: a failed
// delivery is told to the user and never changes the decision. Nothing is
// written to stdout or stderr, which belong to OpenCode's TUI.
import { errorDetail } from "../../engine/texts.ts";
import type { Notice } from "../../contract/types.ts";
import type { OpencodeClient } from "./opencode-types.ts";

const SERVICE = "hookit";
const LEVEL = { info: "info", warning: "warn", error: "error" } as const;

export interface Delivery {
  /** A toast in the TUI and a line in OpenCode's log; the model never sees either. */
  tell(notices: readonly Notice[]): void;
  /** One more turn for the model, starting with `message` as the user's. */
  continueWith(sessionID: string, message: string): Promise<void>;
  /** Stops the session's current run (an interrupt or shutdown Action). */
  abort(sessionID: string, why: string): Promise<void>;
}

export function createDelivery(client: OpencodeClient): Delivery {
  const tell = (notices: readonly Notice[]) => {
    for (const notice of notices) {
      attempt(() => client.tui?.showToast({ body: { title: "hookit", message: notice.message, variant: notice.severity } }));
      attempt(() => client.app?.log({ body: { service: SERVICE, level: LEVEL[notice.severity], message: notice.message } }));
    }
  };
  return {
    tell,
    async continueWith(sessionID, message) {
      try {
        await client.session.promptAsync({ path: { id: sessionID }, body: { parts: [{ type: "text", text: message }] } });
      } catch (error) {
        tell([{ message: `hookit: corrective turn delivery failed — ${errorDetail(error)}`, severity: "error" }]);
      }
    },
    async abort(sessionID, why) {
      tell([{ message: why, severity: "warning" }]);
      try {
        await client.session.abort({ path: { id: sessionID } });
      } catch (error) {
        tell([{ message: `hookit: could not stop the session — ${errorDetail(error)}`, severity: "error" }]);
      }
    },
  };
}

/** The notice for a message Action OpenCode has no model channel for (a pass before the tool runs). */
export function undeliveredMessage(message: string): Notice[] {
  return [{ message: `hookit: a message for the model cannot be delivered before an OpenCode tool runs: ${message}`, severity: "warning" }];
}

// --- internal ---

/** Presentation can never fail a hook: synchronous throws and later rejections are both swallowed. */
function attempt(call: () => Promise<unknown> | undefined): void {
  try {
    call()?.catch(() => undefined);
  } catch {
    // an older OpenCode without this endpoint
  }
}
