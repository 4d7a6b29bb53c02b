// Each agent's tool classification table (src/agents/shared/tool-classes.ts), by agent id.
import type { ToolClass } from "../../src/agents/shared/tool-classes.ts";
import { TOOL_CLASSES as antigravity } from "../../src/agents/antigravity/tools.ts";
import { TOOL_CLASSES as claude } from "../../src/agents/claude/tools.ts";
import { TOOL_CLASSES as codex } from "../../src/agents/codex/tools.ts";
import { TOOL_CLASSES as copilot } from "../../src/agents/copilot/tools.ts";
import { TOOL_CLASSES as cursor } from "../../src/agents/cursor/tools.ts";
import { TOOL_CLASSES as factory } from "../../src/agents/factory/tools.ts";
import { TOOL_CLASSES as gemini } from "../../src/agents/gemini/tools.ts";
import { TOOL_CLASSES as kimi } from "../../src/agents/kimi/tools.ts";
import { TOOL_CLASSES as pi } from "../../src/agents/pi/tools.ts";
import { TOOL_CLASSES as opencode } from "../../src/agents/opencode/tools.ts";

export const TOOL_TABLES: Record<string, readonly ToolClass[]> = {
  antigravity,
  claude,
  codex,
  copilot,
  cursor,
  factory,
  gemini,
  kimi,
  pi,
  opencode,
};
