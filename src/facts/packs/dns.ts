// DNS: Route 53, Cloud DNS, Azure DNS, DigitalOcean, Cloudflare, the providers' web APIs, the
// config-as-code tools that apply a whole zone (octoDNS, DNSControl), and a server's own tools
// (nsupdate, zone transfers). A deleted record or zone makes a name stop resolving.
import type { Pack } from "./types.ts";
import { pack } from "./_pack.ts";
import { ASK_USER, httpDelete } from "./_service.ts";

const STOPS_RESOLVING = "it deletes DNS records or zones: a name stops resolving";

export const dns = (): Pack =>
  pack({
    id: "dns",
    title: "DNS (Route 53, Cloud DNS, Azure DNS, DigitalOcean, Cloudflare, nsupdate)",
    valueOptions: { aws: ["--region", "--profile", "--output", "--endpoint-url", "--query"] },
    rules: [
      {
        id: "route53-delete",
        programs: ["aws"],
        // DNSSEC switched off while the parent still holds its DS record fails every lookup;
        // a domain transferred to another account is out of reach
        sub: [
          "route53|route53domains",
          "delete-*|disassociate-*|disable-hosted-zone-dnssec|deactivate-key-signing-key|transfer-domain-to-*",
        ],
        reason: "it deletes DNS zones, records, health checks or domains (or breaks their DNSSEC): a name stops resolving",
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
        id: "route53-change-file",
        programs: ["aws"],
        sub: ["route53", "change-resource-record-sets"],
        when: { text: "--change-batch[=\\s]+file://" },
        ask: true,
        reason: "the change batch is in a file hookit does not read: it may delete or replace records",
        instead: "show the user the batch's changes and ask",
      },
      {
        id: "dns-delete",
        programs: ["gcloud", "az", "doctl"],
        // `gcloud dns record-sets delete`, `… import --delete-all-existing`, `az network dns record-set a
        // remove-record`, `doctl compute domain records delete`
        when: { text: "\\b(dns|domain|record-sets?|managed-zones?|zone|response-policies|policies)\\b.*\\b(delete|rm|remove)\\b" },
        reason: STOPS_RESOLVING,
        instead: ASK_USER,
      },
      {
        id: "flarectl-delete",
        programs: ["flarectl"],
        // `flarectl dns delete`, and its one-letter aliases: `flarectl d d`
        sub: ["dns|d|zone|z", "delete|d|rm"],
        reason: STOPS_RESOLVING,
        instead: ASK_USER,
      },
      httpDelete(
        "dns-api-delete",
        "(api\\.cloudflare\\.com/client/v4/zones\\b|api\\.digitalocean\\.com/v2/domains\\b|dns\\.googleapis\\.com/|api\\.godaddy\\.com/v1/domains/|dns\\.hetzner\\.com/api/|api\\.gandi\\.net/v5/livedns/)",
        "the provider's API deletes DNS records or a whole zone: a name stops resolving",
      ),
      {
        id: "zone-apply",
        programs: ["octodns-sync", "dnscontrol"],
        // octodns-sync only plans until `--doit`; DNSControl's `push` applies (`preview` plans)
        when: { any: ["--doit", "push"] },
        ask: true,
        reason: "it makes the live zones match the config: the records it lacks are deleted",
        instead: "run the plan (`octodns-sync` without `--doit`, `dnscontrol preview`) and show the user its deletions",
      },
      {
        id: "nsupdate-delete",
        programs: ["nsupdate"],
        // nsupdate reads its commands a line each; `update` may be left out (`delete NAME`, `del NAME`)
        when: { text: "(^|\\n)\\s*(update\\s+)?del(ete)?(\\s|$)" },
        reason: "it deletes records from the live zone: a name stops resolving",
        instead: ASK_USER,
      },
      {
        id: "nsupdate-local",
        programs: ["nsupdate"],
        when: { any: ["-l"] },
        ask: true,
        reason: "it changes the local server's zones with the server's own session key",
        instead: ASK_USER,
      },
      {
        id: "zone-transfer",
        programs: ["dig", "host", "drill"],
        when: { operand: "^(axfr|ixfr(=\\d+)?)$" },
        ask: true,
        reason: "a zone transfer copies every record of the zone out of the server",
        instead: "query the names the task needs (`dig NAME TYPE`)",
      },
      {
        id: "host-zone-list",
        programs: ["host"],
        when: { any: ["-l"] },
        ask: true,
        reason: "`host -l` is a zone transfer: it copies every record of the zone out of the server",
        instead: "query the names the task needs (`host NAME`)",
      },
    ],
  });
