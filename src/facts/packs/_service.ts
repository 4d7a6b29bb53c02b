// What the service packs (messaging, CI, DNS, CDN, email, payments, monitoring,
// search, load balancers, feature flags, API gateways, remote copies) share:
// the HTTP clients their web APIs are called with, and the shape of a pack that
// reads no option values and no script files.
import type { Pack, Rule } from "./types.ts";
import { pack } from "./_pack.ts";

export const HTTP = ["curl", "http", "https", "xh", "wget"];

/**
 * A call with one of these methods (`DELETE|PURGE`) to a URL matching `url` (a regular expression),
 * however the client is told the method: curl's `-X DELETE`, `-XDELETE`, `-sX DELETE`,
 * `--request=DELETE`, wget's `--method=DELETE`, or httpie's and xh's method word (`http DELETE
 * url`). Before or after the URL, so it is written on both sides.
 */
export const httpCall = (methods: string, url: string): string => {
  const method = `(-[a-z]*X\\s*|--request[=\\s]+|--method[=\\s]+|^|\\s)(${methods})\\b`;
  return `${method}.*${url}|${url}.*${method}`;
};

/** An HTTP call that deletes (or replaces) what its URL names, when the URL matches `url`. */
export const httpDelete = (id: string, url: string, reason: string): Rule => ({
  id,
  programs: HTTP,
  when: { text: httpCall("DELETE|PURGE", url) },
  reason,
  instead: "ask the user to make the call",
});

/** A service pack: its id, title and rules. */
export const servicePack = (id: string, title: string, rules: Rule[]): Pack => pack({ id, title, rules });

export const ASK_USER = "ask the user to do it";
