// The cloud pack: what it must refuse (each rule at least once) and the everyday commands of
// the same tools it must let through.
import type { PackCases } from "./_cases.ts";

export const cloud: PackCases = {
  block: [
    "aws ec2 terminate-instances --instance-ids i-123",
    "aws --region eu-west-1 rds delete-db-instance --db-instance-identifier db",
    "aws lambda delete-function --function-name f",
    "gcloud compute instances delete vm-1 --zone europe-west1-b",
    "gcloud projects delete my-project",
    "az group delete -n rg-prod --yes",
    "doctl compute droplet delete web-1",
    "aws sns unsubscribe --subscription-arn arn:x",
  ],
  pass: [
    "aws ec2 describe-instances",
    "aws s3 ls",
    "gcloud compute instances list",
    "az group list",
    "aws sts get-caller-identity",
    "doctl compute droplet list",
  ],
};
