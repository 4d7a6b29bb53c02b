// The in-process form of an external adapter: an ES module that default-exports
// an Adapter (src/contract/types.ts), named in `<config dir>/settings.json`.
// It saves the two process spawns per event of the process form; its answers
// are checked exactly like a process's.
import { pathToFileURL } from "node:url";
import { PayloadError, type Adapter } from "../../contract/types.ts";
import { isRecord, ShapeError } from "./_check.ts";
import { checkedAdapter, errorText, type Broken } from "./checked.ts";
import { PROTOCOL_VERSION, readInfo } from "./protocol.ts";

const FUNCTIONS = ["kindOf", "parse", "respond"] as const;

export async function importModuleAdapter(path: string, name: string, broken: Broken): Promise<Adapter> {
  let loaded: unknown;
  try {
    // A file URL, not the path: import() of a bare absolute path is not portable.
    loaded = await import(pathToFileURL(path).href);
  } catch (error) {
    throw broken(`the module could not be loaded (${errorText(error)})`);
  }
  const adapter = isRecord(loaded) ? loaded.default : undefined;
  if (!isRecord(adapter)) throw broken("the module's default export is not an adapter object");
  if (adapter.specVersion !== PROTOCOL_VERSION) {
    throw broken(`its specVersion is ${JSON.stringify(adapter.specVersion) ?? "missing"}, but this hookit speaks ${PROTOCOL_VERSION}`);
  }
  for (const key of FUNCTIONS) if (typeof adapter[key] !== "function") throw broken(`its ${key} is not a function`);
  const { id, title, verifiedWith, timeoutUnit, registrations, capabilities } = adapter;
  let info;
  try {
    info = readInfo({ protocol: PROTOCOL_VERSION, id, title, verifiedWith, timeoutUnit, registrations, capabilities }, name);
  } catch (error) {
    if (error instanceof ShapeError) throw broken(`its adapter object is invalid: ${error.message}`);
    throw error;
  }
  const module = adapter as unknown as Adapter;
  /** Calls into the module: its PayloadError stays one, anything else it throws is a broken adapter. */
  const guarded = <T>(what: string, run: () => T): T => {
    try {
      return run();
    } catch (error) {
      // Matched by name: the module cannot import hookit's PayloadError class.
      if (error instanceof Error && error.name === "PayloadError") throw new PayloadError(error.message);
      throw broken(`its ${what} threw: ${errorText(error)}`);
    }
  };
  return checkedAdapter(
    info,
    {
      kindOf: (nativeEvent) => guarded("kindOf", () => module.kindOf(nativeEvent)),
      parse: (nativeEvent, payload) => guarded("parse", () => module.parse(nativeEvent, payload)),
      respond: (invocation, decision) => guarded("respond", () => module.respond(invocation, decision)),
    },
    broken,
  );
}
