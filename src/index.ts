// Public library API: the engine and the adapter contract.
export * from "./engine/index.ts";
export { hookReply, parseHookArgs } from "./run/hook.ts";
export type { Adapter, Decision, Invocation, InvocationKind, Reply, CapabilityRow } from "./contract/types.ts";
export { ADAPTERS, AGENT_IDS, loadAdapter, resolveHookAgent } from "./agents/registry.ts";
export { STARTER_POLICY, starterPolicyText } from "./base/starter-policy.ts";
export { PI_CAPABILITIES, PI_MIN_VERSION, PI_VERIFIED_WITH } from "./agents/pi/capabilities.ts";
export { OPENCODE_CAPABILITIES, OPENCODE_VERIFIED_WITH } from "./agents/opencode/capabilities.ts";
export { selfProtectionBlock, type ProtectContext } from "./protect/index.ts";
export { rebuildCatalog } from "./engine/catalog-trusted.ts";
