// CDNs and edge platforms: CloudFront, Fastly, Cloudflare (Workers and their storage: KV, R2,
// D1, queues), Azure CDN and Front Door, Google's Cloud CDN and Media CDN. Deletes lose what the
// edge serves or stores; a purge of the whole cache is honest work that loads the origin, so it
// is asked.
import type { Pack } from "./types.ts";
import { pack } from "./_pack.ts";
import { ASK_USER, HTTP, httpDelete } from "./_service.ts";

/**
 * wrangler's verbs that delete: `delete`, `remove` (a queue's consumer, a bucket's domain), and
 * Vectorize's `delete-vectors`, read only as the second word: deeper, `delete-me` is more likely a
 * key (`wrangler kv:key put delete-me …`).
 */
const WRANGLER_LOSS = "delete|remove";
const WRANGLER_REASON =
  "it deletes a Cloudflare resource the Workers use, with what it holds (a KV namespace or keys, an R2 bucket or objects, a D1 database, a queue, a Pages project, a secret)";
const FASTLY_REASON =
  "it deletes a Fastly service or part of its configuration (domain, backend, VCL, dictionary, ACL, logging endpoint, store)";
/** SQL that drops or empties tables (D1 is SQLite: no TRUNCATE, but it costs nothing to read it). */
const DESTRUCTIVE_SQL =
  "\\b(drop\\s+(table|index|view|trigger|column)|truncate\\s)|\\bdelete\\s+from\\b(?!.*\\bwhere\\b)|\\bupdate\\s+\\S+\\s+set\\b(?!.*\\bwhere\\b)";

export const cdn = (): Pack =>
  pack({
    id: "cdn",
    title: "CDNs and edge platforms (CloudFront, Fastly, Cloudflare Workers, Azure CDN, Cloud CDN)",
    valueOptions: {
      aws: ["--region", "--profile", "--output", "--endpoint-url", "--query"],
      fastly: ["-t", "--token", "-o", "--profile", "--endpoint", "-s", "--service-id", "--service-name", "--version"],
      wrangler: ["-e", "--env", "-c", "--config", "--cwd"],
    },
    scriptOptions: { wrangler: ["--file"] },
    rules: [
      {
        id: "cloudfront-delete",
        programs: ["aws"],
        sub: ["cloudfront|cloudfront-keyvaluestore", "delete-*"],
        reason: "it deletes a CloudFront distribution, policy, function, key group or stored key: what the edge served stops",
        instead: ASK_USER,
      },
      {
        id: "cloudfront-invalidate",
        programs: ["aws"],
        sub: ["cloudfront", "create-invalidation*"],
        ask: true,
        reason:
          "it empties the edge caches for those paths: the origin takes every request until they refill, and paths past the free quota are billed",
        instead: "ask the user, naming the paths",
      },
      { id: "fastly-delete", programs: ["fastly"], sub: ["*", "delete"], reason: FASTLY_REASON, instead: ASK_USER },
      // `fastly logging s3 delete`, `fastly vcl snippet delete`, `fastly tls-custom certificate delete`
      { id: "fastly-delete-nested", programs: ["fastly"], sub: ["*", "*", "delete"], reason: FASTLY_REASON, instead: ASK_USER },
      {
        id: "fastly-activate",
        programs: ["fastly"],
        // `fastly service version activate` (and the older `fastly service-version activate`)
        when: { text: "(^|\\s)service[\\s-]+version\\s+(de)?activate(\\s|$)" },
        ask: true,
        reason: "it switches the live service to another version: a wrong one serves errors to every visitor",
        instead: "ask the user to activate it (after `fastly service version diff`)",
      },
      {
        id: "fastly-purge-all",
        programs: ["fastly"],
        sub: ["purge"],
        when: { any: ["--all"] },
        ask: true,
        reason: "it empties the whole cache at once: the origin takes every request until it refills",
        instead: "purge the URLs or surrogate keys that changed, or ask the user",
      },
      {
        id: "wrangler-delete-worker",
        programs: ["wrangler"],
        sub: ["delete"],
        reason: "it deletes the Worker: its routes stop serving",
        instead: ASK_USER,
      },
      {
        id: "wrangler-delete",
        programs: ["wrangler"],
        sub: ["*", `${WRANGLER_LOSS}|delete-*`],
        reason: WRANGLER_REASON,
        instead: ASK_USER,
      },
      // `wrangler kv key delete`, `wrangler r2 object delete`, `wrangler pages project delete`
      { id: "wrangler-delete-nested", programs: ["wrangler"], sub: ["*", "*", WRANGLER_LOSS], reason: WRANGLER_REASON, instead: ASK_USER },
      {
        id: "wrangler-bucket-setting-remove",
        programs: ["wrangler"],
        // `wrangler r2 bucket cors delete`, `… lifecycle remove`, `… domain remove`, `… notification delete`
        sub: ["r2", "bucket", "*", WRANGLER_LOSS],
        reason: "it removes a bucket's settings (CORS, lifecycle rules, custom domain, event notifications)",
        instead: ASK_USER,
      },
      {
        id: "wrangler-rollback",
        programs: ["wrangler"],
        // `wrangler rollback`, and the older `wrangler deployments rollback`
        when: { any: ["rollback"] },
        ask: true,
        reason: "it puts an earlier version of the Worker live in place of the current one",
        instead: "ask the user to roll back",
      },
      {
        id: "wrangler-d1-sql",
        programs: ["wrangler"],
        sub: ["d1", "execute"],
        when: { text: DESTRUCTIVE_SQL },
        reason: "the SQL drops tables or deletes (or rewrites) every row of one in the D1 database",
        instead: "write a migration the user reviews, or ask the user to run it",
      },
      {
        id: "wrangler-d1-restore",
        programs: ["wrangler"],
        sub: ["d1", "time-travel", "restore"],
        ask: true,
        reason: "it puts the D1 database back to an earlier point: what was written since is replaced",
        instead: ASK_USER,
      },
      {
        id: "cloud-cdn-delete",
        programs: ["az", "gcloud"],
        // `az cdn endpoint delete`, `az afd profile delete`, `gcloud compute backend-buckets delete`,
        // `gcloud edge-cache services delete`
        when: { text: "(^|\\s)(cdn|afd|backend-buckets|edge-cache)\\s(.*\\s)?delete(\\s|$)" },
        reason: "it deletes a CDN profile, endpoint, origin or route: what the edge served stops",
        instead: ASK_USER,
      },
      {
        id: "cloud-cdn-purge",
        programs: ["az", "gcloud"],
        when: { text: "(^|\\s)(cdn|afd)\\s(.*\\s)?purge(\\s|$)|(^|\\s)invalidate-(cdn-)?cache(\\s|$)" },
        ask: true,
        reason: "it empties the edge caches for those paths: the origin takes every request until they refill",
        instead: "ask the user, naming the paths",
      },
      {
        id: "api-purge-all",
        programs: HTTP,
        // Fastly's `POST /service/ID/purge_all`, Cloudflare's `purge_cache` with `purge_everything`
        when: { text: "api\\.fastly\\.com/\\S*purge_all|purge_cache.*purge_everything|purge_everything.*purge_cache" },
        ask: true,
        reason: "it empties the whole cache at once: the origin takes every request until it refills",
        instead: "purge the URLs or keys that changed, or ask the user",
      },
      httpDelete(
        "cdn-api-delete",
        "(api\\.fastly\\.com/|api\\.cloudflare\\.com/client/v4/accounts/)",
        "the API deletes a Fastly service or its configuration, or a Cloudflare Worker or what it stores (KV, R2, D1)",
      ),
    ],
  });
