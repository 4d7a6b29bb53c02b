// Every pack hookit ships, by family. `hookit packs` lists them, `hookit init
// --packs` turns them on, docs/packs.md is written from them, and the facts
// (`hookit.packs`) match a call's commands against them by program name.
import { backups } from "./backups.ts";
import { cloud } from "./cloud.ts";
import { containers } from "./containers.ts";
import { databases } from "./databases.ts";
import { infrastructure } from "./infrastructure.ts";
import { kubernetes } from "./kubernetes.ts";
import { familiesOf } from "./by-program.ts";
import { PackIndex, type Written } from "./match.ts";
import { platforms } from "./platforms.ts";
import { publishing } from "./publishing.ts";
import { secrets } from "./secrets.ts";
import { storage } from "./storage.ts";
import { strictGit } from "./strict-git.ts";
import { apiGateways } from "./api-gateways.ts";
import { cdn } from "./cdn.ts";
import { ci } from "./ci.ts";
import { dns } from "./dns.ts";
import { email } from "./email.ts";
import { featureFlags } from "./feature-flags.ts";
import { loadBalancers } from "./load-balancers.ts";
import { messaging } from "./messaging.ts";
import { monitoring } from "./monitoring.ts";
import { payments } from "./payments.ts";
import { remoteCopy } from "./remote-copy.ts";
import { search } from "./search.ts";
import type { Pack } from "./types.ts";

export type { Pack } from "./types.ts";

// Each pack is made when first needed: a call whose policy turns no pack on never builds them.
const FAMILIES: ReadonlyArray<() => Pack> = [
  databases,
  containers,
  kubernetes,
  cloud,
  infrastructure,
  storage,
  remoteCopy,
  secrets,
  publishing,
  platforms,
  ci,
  dns,
  cdn,
  email,
  payments,
  messaging,
  monitoring,
  search,
  loadBalancers,
  featureFlags,
  apiGateways,
  backups,
  strictGit,
];

let made: readonly Pack[] | undefined;
/** Every pack hookit ships, in the order of the families. */
export const allPacks = (): readonly Pack[] => (made ??= FAMILIES.map((family) => family()));

/** The packs of some families, each made once (by-program.ts says which a call needs). */
const builtFamilies = new Map<number, Pack>();
function familyPack(at: number): Pack {
  let pack = builtFamilies.get(at);
  if (pack === undefined) builtFamilies.set(at, (pack = (FAMILIES[at] as () => Pack)()));
  return pack;
}

const indexes = new Map<string, PackIndex>();
/**
 * `block <pack>/<rule>: …` / `ask <pack>/<rule>: …` for each rule of any pack the commands trigger.
 * Only the families with a rule about one of the commands' programs are made and indexed. A
 * program is looked up whatever its case (rules name them in lower case): `DROP TABLE t;`, and
 * `DOCKER` on a file system that ignores case (macOS's), where the shell finds docker under it.
 */
export function packMatches(commands: Parameters<PackIndex["matches"]>[0], written?: Written): string[] {
  const wanted = new Set<number>();
  for (const command of commands) for (const at of familiesOf(command.program.toLowerCase()) ?? []) wanted.add(at);
  if (wanted.size === 0) return [];
  const key = [...wanted].sort((a, b) => a - b);
  let index = indexes.get(key.join(","));
  if (index === undefined) indexes.set(key.join(","), (index = new PackIndex(key.map(familyPack))));
  return index.matches(commands, written);
}
