// The module OpenCode loads (bundled as `dist/opencode.mjs`, listed in the
// `plugin` array of opencode.json by `hookit install --agent opencode`).
// OpenCode calls every export of a plugin module as a plugin function, so this
// file exports exactly one: the factory and its helpers live in plugin.ts.
import { createHookitPlugin } from "./plugin.ts";
import type { OpencodePlugin } from "../../agents/opencode/opencode-types.ts";

const hookitOpencode: OpencodePlugin = createHookitPlugin();
export default hookitOpencode;
