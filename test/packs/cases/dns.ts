// The dns pack: what it must refuse (each rule at least once) and the everyday commands of
// the same tools it must let through.
import type { PackCases } from "./_cases.ts";

export const dns: PackCases = {
  block: [
    "aws route53 delete-hosted-zone --id Z1",
    'aws route53 change-resource-record-sets --hosted-zone-id Z1 --change-batch \'{"Changes":[{"Action":"DELETE"}]}\'',
    "gcloud dns record-sets delete www.example.com. --zone=z --type=A",
    "az network dns zone delete -g rg -n example.com",
    "doctl compute domain delete example.com",
  ],
  pass: ["aws route53 list-hosted-zones", "gcloud dns record-sets list --zone=z", "doctl compute domain list"],
};
