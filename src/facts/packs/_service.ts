// What the service packs (messaging, CI, DNS, CDN, email, payments, monitoring,
// search, load balancers, feature flags, API gateways, remote copies) share:
// the HTTP clients their web APIs are called with, and the shape of a pack that
// reads no option values and no script files.
import type { Pack, Rule } from "./types.ts";
import { pack } from "./_pack.ts";

export const HTTP = ["curl", "http", "https", "xh", "wget"];

/**
 * The method DELETE (or a cache's PURGE), however the client is told it: curl's `-X DELETE`,
 * `-XDELETE`, `-sX DELETE`, `--request=DELETE`, wget's `--method=DELETE`, or httpie's and xh's
 * method word (`http DELETE url`). Before or after the URL, so it is written on both sides.
 */
const METHOD = "(-[a-z]*X\\s*|--request[=\\s]+|--method[=\\s]+|^|\\s)(DELETE|PURGE)\\b";

/** An HTTP call that deletes (or replaces) what its URL names, when the URL matches `url`. */
export const httpDelete = (id: string, url: string, reason: string): Rule => ({
  id,
  programs: HTTP,
  when: { text: `${METHOD}.*${url}|${url}.*${METHOD}` },
  reason,
  instead: "ask the user to make the call",
});

/** A service pack: its id, title and rules. */
export const servicePack = (id: string, title: string, rules: Rule[]): Pack => pack({ id, title, rules });

export const ASK_USER = "ask the user to do it";
