// Every hook agent's doctor probe (its folder's probe.ts): a harmless pre-tool call in its own payload shape.
import type { DoctorProbe } from "../contract/types.ts";
import type { HookAgentId } from "./registry.ts";
import claude from "./claude/probe.ts";
import codex from "./codex/probe.ts";
import gemini from "./gemini/probe.ts";
import cursor from "./cursor/probe.ts";
import copilot from "./copilot/probe.ts";
import kimi from "./kimi/probe.ts";
import factory from "./factory/probe.ts";
import antigravity from "./antigravity/probe.ts";

export const PROBES: Record<HookAgentId, DoctorProbe> = { claude, codex, gemini, cursor, copilot, kimi, factory, antigravity };
