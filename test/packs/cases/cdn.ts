// The cdn pack: what it must refuse (each rule at least once) and the everyday commands of
// the same tools it must let through.
import type { PackCases } from "./_cases.ts";

export const cdn: PackCases = {
  block: [
    "aws cloudfront delete-distribution --id E1 --if-match X",
    "fastly service delete --service-id s",
    "fastly purge --all --service-id s",
    "wrangler delete",
  ],
  pass: ["aws cloudfront list-distributions", "fastly service list", "wrangler deploy", "wrangler dev"],
};
