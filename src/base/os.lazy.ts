// node:os costs the hot path about 1 M instructions to load (as much as a
// whole adapter), and a hook call needs it only when HOME is unset, off POSIX
// or when it takes a lock. The hot-path build swaps this module for a lazy
// `require`.
import * as nodeOs from "node:os";

export const os = (): typeof nodeOs => nodeOs;
