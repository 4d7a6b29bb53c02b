// A hookit extension to HooKit's message Action: `{hookit.<fact>}` in a message
// is replaced by that fact's values for the call, so a refusal can say what it
// was about ("would lose src/app.ts and notes.txt"). Paths under the call's
// directory are shown relative to it; several are counted, a long list is cut. A
// placeholder of a fact the call does not have stays as written.
import { FACTS } from "./filter.ts";

const PLACEHOLDER = /\{(hookit\.[A-Za-z]+)\}/g;
const SHOWN = 8;

export function messageWithFacts(message: string, candidate: Record<string, unknown>, cwd: string): string {
  if (!message.includes("{hookit.")) return message;
  const facts = (candidate as { [FACTS]?: Record<string, unknown[]> })[FACTS];
  if (!facts) return message;
  return message.replace(PLACEHOLDER, (whole, key: string) => {
    const values = facts[key];
    return Array.isArray(values) && values.length > 0 ? listed(values.map((v) => shown(String(v), cwd))) : whole;
  });
}

const shown = (value: string, cwd: string) => (value.startsWith(`${cwd}/`) ? value.slice(cwd.length + 1) : value);

function listed(values: string[]): string {
  const head = values.slice(0, SHOWN).join(", ");
  const more = values.length > SHOWN ? ` and ${values.length - SHOWN} more` : "";
  return values.length > 1 ? `${head}${more} (${values.length})` : head;
}
