// CDNs (CloudFront, Fastly, Cloudflare, Azure CDN).
import type { Pack } from "./types.ts";
import { servicePack, ASK_USER } from "./_service.ts";

export const cdn = (): Pack =>
  servicePack("cdn", "CDNs (CloudFront, Fastly, Cloudflare, Azure CDN)", [
    {
      id: "cdn-delete",
      programs: ["aws", "fastly", "wrangler", "az", "gcloud"],
      when: {
        text: "\\b(cloudfront\\s+delete-|delete-distribution|service\\s+delete|purge\\s+--all|cdn\\s+.*delete|backend-buckets\\s+delete|wrangler\\s+delete|^delete\\b)",
      },
      reason: "it deletes a CDN distribution or service, or purges all its cache at once",
      instead: ASK_USER,
    },
  ]);
