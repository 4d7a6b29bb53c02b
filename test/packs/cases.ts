// What each pack must refuse (each rule at least once) and the everyday commands of the same
// tools it must let through, one file a pack in cases/. test/packs/match.test.ts judges every case
// in-process; test/packs/agents.test.ts runs some of them through the built hook on every agent.
import type { PackCases } from "./cases/_cases.ts";
import { databases } from "./cases/databases.ts";
import { containers } from "./cases/containers.ts";
import { kubernetes } from "./cases/kubernetes.ts";
import { cloud } from "./cases/cloud.ts";
import { infrastructure } from "./cases/infrastructure.ts";
import { storage } from "./cases/storage.ts";
import { remoteCopy } from "./cases/remote-copy.ts";
import { secrets } from "./cases/secrets.ts";
import { publishing } from "./cases/publishing.ts";
import { platforms } from "./cases/platforms.ts";
import { ci } from "./cases/ci.ts";
import { dns } from "./cases/dns.ts";
import { cdn } from "./cases/cdn.ts";
import { email } from "./cases/email.ts";
import { payments } from "./cases/payments.ts";
import { messaging } from "./cases/messaging.ts";
import { monitoring } from "./cases/monitoring.ts";
import { search } from "./cases/search.ts";
import { loadBalancers } from "./cases/load-balancers.ts";
import { featureFlags } from "./cases/feature-flags.ts";
import { apiGateways } from "./cases/api-gateways.ts";
import { backups } from "./cases/backups.ts";
import { strictGit } from "./cases/strict-git.ts";
import { system } from "./cases/system.ts";

export const PACK_CASES: Record<string, PackCases> = {
  databases,
  containers,
  kubernetes,
  cloud,
  infrastructure,
  storage,
  "remote-copy": remoteCopy,
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
  "load-balancers": loadBalancers,
  "feature-flags": featureFlags,
  "api-gateways": apiGateways,
  backups,
  "strict-git": strictGit,
  system,
};
