// Every agent hookit installs into, in AGENT_IDS order. Each file holds that
// harness's facts as data plus its two pure transforms.
import type { AgentId } from "./registry.ts";
import claude from "./claude/install.ts";
import codex from "./codex/install.ts";
import copilot from "./copilot/install.ts";
import cursor from "./cursor/install.ts";
import gemini from "./gemini/install.ts";
import pi from "./pi/install.ts";
import kimi from "./kimi/install.ts";
import antigravity from "./antigravity/install.ts";
import factory from "./factory/install.ts";
import opencode from "./opencode/install.ts";
import type { InstallTarget } from "../install/types.ts";

export const TARGETS: Record<AgentId, InstallTarget> = { pi, claude, codex, gemini, cursor, copilot, kimi, antigravity, factory, opencode };
