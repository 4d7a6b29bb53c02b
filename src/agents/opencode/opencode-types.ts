// The slice of OpenCode's plugin API hookit uses, written out locally so the
// plugin never imports OpenCode's packages (`@opencode-ai/plugin` is a types
// package OpenCode installs at start-up; hookit's bundle must load without it).
// Shapes are what OpenCode 1.18.33 passes (captured in test/fixtures/opencode/);
// everything is read defensively, never trusted.

/** `client` of the plugin input: the OpenCode SDK, calling the same process. */
export interface OpencodeClient {
  session: {
    promptAsync(options: { path: { id: string }; body: { parts: { type: "text"; text: string }[] } }): Promise<unknown>;
    abort(options: { path: { id: string } }): Promise<unknown>;
  };
  tui?: {
    showToast(options: { body: { title?: string; message: string; variant: "info" | "success" | "warning" | "error" } }): Promise<unknown>;
  };
  app?: {
    log(options: { body: { service: string; level: "debug" | "info" | "warn" | "error"; message: string } }): Promise<unknown>;
  };
}

/** What OpenCode hands a plugin function. */
interface OpencodePluginInput {
  client: OpencodeClient;
  /** The directory OpenCode runs in (an instance per directory). */
  directory: string;
  /** The git work tree root, when there is one. */
  worktree?: string;
}

/** `tool.execute.before` (input, output): `output.args` is what the tool will run with. */
export interface ToolBeforeInput {
  tool: string;
  sessionID: string;
  callID: string;
}
interface ToolBeforeOutput {
  args: unknown;
}

/** `tool.execute.after` (input, output): `output.output` is what the model will read. */
export interface ToolAfterInput extends ToolBeforeInput {
  args: unknown;
}
export interface ToolAfterOutput {
  title?: string;
  output: unknown;
  metadata?: unknown;
  attachments?: unknown[];
}

/** `chat.message` (input, output), once per user message, including hookit's own corrective ones. */
interface ChatMessageInput {
  sessionID: string;
}
interface ChatMessageOutput {
  message?: { model?: { providerID?: string; modelID?: string } };
}

/** One bus event as the `event` hook receives it (`{ event }`); OpenCode does not await this hook. */
export interface OpencodeEvent {
  type?: string;
  properties?: Record<string, unknown>;
}

export interface OpencodeHooks {
  "tool.execute.before"?: (input: ToolBeforeInput, output: ToolBeforeOutput) => Promise<void>;
  "tool.execute.after"?: (input: ToolAfterInput, output: ToolAfterOutput) => Promise<void>;
  "chat.message"?: (input: ChatMessageInput, output: ChatMessageOutput) => Promise<void>;
  event?: (input: { event: OpencodeEvent }) => Promise<void>;
  /** Awaited when OpenCode disposes the instance (also at the end of `opencode run`). */
  dispose?: () => Promise<void>;
}

export type OpencodePlugin = (input: OpencodePluginInput) => Promise<OpencodeHooks>;
