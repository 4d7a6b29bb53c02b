// Each agent's tool classification table (src/adapters/_classify-tools.ts), by agent id.
import type { ToolClass } from "../../src/adapters/_classify-tools.ts";
import { TOOL_CLASSES as antigravity } from "../../src/adapters/_antigravity-tools.ts";
import { TOOL_CLASSES as claude } from "../../src/adapters/_claude-tools.ts";
import { TOOL_CLASSES as codex } from "../../src/adapters/_codex-tools.ts";
import { TOOL_CLASSES as copilot } from "../../src/adapters/_copilot-tools.ts";
import { TOOL_CLASSES as cursor } from "../../src/adapters/_cursor-tools.ts";
import { TOOL_CLASSES as factory } from "../../src/adapters/_factory-tools.ts";
import { TOOL_CLASSES as gemini } from "../../src/adapters/_gemini-tools.ts";
import { TOOL_CLASSES as kimi } from "../../src/adapters/_kimi-tools.ts";
import { TOOL_CLASSES as pi } from "../../src/adapters/_pi-tools.ts";
import { TOOL_CLASSES as opencode } from "../../src/adapters/opencode/tools.ts";

export const TOOL_TABLES: Record<string, readonly ToolClass[]> = { antigravity, claude, codex, copilot, cursor, factory, gemini, kimi, pi, opencode };
