// How each adapter module is loaded. The build swaps this file for one that
// `require`s prebuilt per-adapter CommonJS files, so the hot path loads exactly
// one adapter and never starts Node's ESM loader.
import type { Adapter } from "../contract/types.ts";

export const LOADERS = {
  claude: () => import("./claude/adapter.ts"),
  codex: () => import("./codex/adapter.ts"),
  gemini: () => import("./gemini/adapter.ts"),
  cursor: () => import("./cursor/adapter.ts"),
  copilot: () => import("./copilot/adapter.ts"),
  factory: () => import("./factory/adapter.ts"),
  kimi: () => import("./kimi/adapter.ts"),
  antigravity: () => import("./antigravity/adapter.ts"),
} satisfies Record<string, () => Promise<{ default: Adapter }>>;
