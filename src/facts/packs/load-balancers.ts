// Load balancers (ELB, Google Cloud, Azure, DigitalOcean).
import type { Pack } from "./types.ts";
import { servicePack, ASK_USER } from "./_service.ts";

export const loadBalancers = (): Pack =>
  servicePack("load-balancers", "Load balancers (ELB, Google Cloud, Azure, DigitalOcean)", [
    {
      id: "lb-delete",
      programs: ["aws", "gcloud", "az", "doctl"],
      when: {
        text: "\\b(elb|elbv2|forwarding-rules|target-pools|backend-services|url-maps|target-https?-proxies|lb|load-balancer|application-gateway)\\b.*\\b(delete|deregister|remove)",
      },
      reason: "it deletes a load balancer or takes targets out of it: traffic stops",
      instead: ASK_USER,
    },
  ]);
