// The load-balancers pack: what it must refuse (each rule at least once) and the everyday commands of
// the same tools it must let through.
import type { PackCases } from "./_cases.ts";

export const loadBalancers: PackCases = {
  block: [
    "aws elbv2 delete-load-balancer --load-balancer-arn arn:x",
    "aws elbv2 deregister-targets --target-group-arn arn:x --targets Id=i-1",
    "gcloud compute forwarding-rules delete fr-1 --region r",
    "az network lb delete -g rg -n lb",
    "doctl compute load-balancer delete lb-1",
  ],
  pass: ["aws elbv2 describe-load-balancers", "gcloud compute forwarding-rules list", "az network lb list"],
};
