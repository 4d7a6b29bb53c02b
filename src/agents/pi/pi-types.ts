// The slice of Pi's extension API hookit uses, written out locally so the
// extension never imports Pi's packages (Pi provides them only as host modules,
// and a bundled copy would duplicate its classes). Shapes follow
// pi-extension-api.md §1–§7 for Pi 1.6.0; every member hookit reads that older
// Pi versions lack is optional here and guarded at the call site.

export type PiSeverity = "info" | "warning" | "error";

interface PiUI {
  notify(message: string, type?: PiSeverity): void;
  setStatus?(key: string, text: string | undefined): void;
  /** A yes/no dialog; resolves false when dismissed. Only meaningful when `hasUI`. */
  confirm?(title: string, message: string): Promise<boolean>;
}

/** A session entry as `getBranch()` returns it; hookit only reads `custom` entries. */
export interface PiSessionEntry {
  type?: string;
  customType?: string;
  data?: unknown;
}

interface PiSessionManager {
  getSessionId?(): string | undefined;
  getSessionFile?(): string | undefined;
  getSessionName?(): string | undefined;
  getLeafId?(): string | null | undefined;
  getBranch?(): readonly PiSessionEntry[];
}

export interface PiContextUsage {
  tokens: number | null;
  contextWindow: number;
  percent: number | null;
}

interface PiCompactOptions {
  customInstructions?: string;
  onComplete?: (result: unknown) => void;
  onError?: (error: Error) => void;
}

/** `ctx` of every handler (ExtensionContext). */
export interface PiContext {
  ui: PiUI;
  hasUI: boolean;
  cwd: string;
  /** `tui` | `rpc` | `json` | `print`; absent before Pi 0.78.1. */
  mode?: string;
  sessionManager?: PiSessionManager;
  model?: { provider?: string; id?: string };
  thinkingLevel?: string;
  signal?: AbortSignal;
  abort(): void;
  shutdown(): void;
  compact?(options?: PiCompactOptions): void;
  getContextUsage?(): PiContextUsage | undefined;
  /** Pi's project trust (0.79+). */
  isProjectTrusted?(): boolean;
}

/** Any event object Pi hands a handler; read defensively, never trusted. */
export type PiEvent = { type?: string } & Record<string, unknown>;

export type PiHandler = (event: PiEvent, ctx: PiContext) => unknown;

interface PiMessage {
  customType: string;
  content: string;
  display: boolean;
}

export interface PiCommand {
  description?: string;
  handler(args: string, ctx: PiContext): Promise<void> | void;
}

/** The factory's argument (ExtensionAPI). */
export interface PiAPI {
  on(event: string, handler: PiHandler): unknown;
  registerCommand(name: string, command: PiCommand): void;
  sendMessage(message: PiMessage, options?: { deliverAs?: "steer" | "followUp" | "nextTurn"; triggerTurn?: boolean }): void;
  sendUserMessage(content: string, options?: { deliverAs?: "steer" | "followUp"; expandPromptTemplates?: boolean }): void;
  appendEntry(customType: string, data?: unknown): void;
  events: { emit(channel: string, data: unknown): void };
  getThinkingLevel?(): string;
}

/** What a `tool_call` / `tool_result` / `session_before_*` handler may return. */
export type PiToolCallResult = { block: true; reason: string } | undefined;
export type PiToolResultPatch = { content: unknown[]; details: unknown; isError: true } | undefined;
export type PiCancelResult = { cancel: true } | undefined;
