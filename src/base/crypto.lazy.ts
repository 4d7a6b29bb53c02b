// node:crypto costs about a millisecond to load. The hot-path build swaps this
// module for a lazy `require`, so `hookit hook` loads it only when it hashes a
// project policy (trust) or starts a hook (invocation ids).
import * as nodeCrypto from "node:crypto";

export const crypto = (): typeof nodeCrypto => nodeCrypto;
