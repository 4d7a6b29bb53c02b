// Every agent hookit installs into, in AGENT_IDS order. Each file holds that
// harness's facts as data plus its two pure transforms.
import type { AgentId } from "../adapters/registry.ts";
import claude from "./claude.ts";
import codex from "./codex.ts";
import copilot from "./copilot.ts";
import cursor from "./cursor.ts";
import gemini from "./gemini.ts";
import pi from "./pi.ts";
import kimi from "./kimi.ts";
import antigravity from "./antigravity.ts";
import factory from "./factory.ts";
import opencode from "./opencode.ts";
import type { InstallTarget } from "./_types.ts";

export const TARGETS: Record<AgentId, InstallTarget> = { pi, claude, codex, gemini, cursor, copilot, kimi, antigravity, factory, opencode };
