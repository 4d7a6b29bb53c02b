// How each adapter module is loaded. The build swaps this file for one that
// `require`s prebuilt per-adapter CommonJS files, so the hot path loads exactly
// one adapter and never starts Node's ESM loader.
import type { Adapter } from "./types.ts";

export const LOADERS = {
  claude: () => import("./claude.ts"),
  codex: () => import("./codex.ts"),
  gemini: () => import("./gemini.ts"),
  cursor: () => import("./cursor.ts"),
  copilot: () => import("./copilot.ts"),
  factory: () => import("./factory.ts"),
  kimi: () => import("./kimi.ts"),
  antigravity: () => import("./antigravity.ts"),
} satisfies Record<string, () => Promise<{ default: Adapter }>>;
