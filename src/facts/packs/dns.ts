// DNS (Route 53, Cloud DNS, Azure DNS, DigitalOcean, Cloudflare).
import type { Pack } from "./types.ts";
import { servicePack, ASK_USER } from "./_service.ts";

export const dns = (): Pack =>
  servicePack("dns", "DNS (Route 53, Cloud DNS, Azure DNS, DigitalOcean, Cloudflare)", [
    {
      id: "route53-delete",
      programs: ["aws"],
      sub: ["route53|route53domains", "delete-*|disassociate-*"],
      reason: "it deletes DNS zones or records: a name stops resolving",
      instead: ASK_USER,
    },
    {
      id: "route53-change",
      programs: ["aws"],
      sub: ["route53", "change-resource-record-sets"],
      when: { text: "\\b(DELETE|UPSERT)\\b" },
      reason: "the change batch deletes or replaces DNS records: a name can stop resolving",
      instead: ASK_USER,
    },
    {
      id: "dns-delete",
      programs: ["gcloud", "az", "doctl", "flarectl", "octodns-sync"],
      when: { text: "\\b(dns|domain|record-sets?|managed-zones?|zone)\\b.*\\b(delete|rm|remove|--doit)\\b" },
      reason: "it deletes DNS records or zones: a name stops resolving",
      instead: ASK_USER,
    },
  ]);
