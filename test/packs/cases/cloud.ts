// The cloud pack: what it must refuse (each rule at least once) and the everyday commands of
// the same tools it must let through.
import type { PackCases } from "./_cases.ts";

export const cloud: PackCases = {
  block: [
    "aws ec2 terminate-instances --instance-ids i-123",
    "aws --region eu-west-1 rds delete-db-instance --db-instance-identifier db",
    "aws lambda delete-function --function-name f",
    "aws ecr batch-delete-image --repository-name example --image-ids imageTag=latest",
    "gcloud compute instances delete vm-1 --zone europe-west1-b",
    "gcloud projects delete my-project",
    "gcloud container images untag gcr.io/p/app:old",
    "az group delete -n rg-prod --yes",
    "az acr repository untag --name myregistry --image repo:tag",
    "az acr run --registry myregistry --cmd 'acr purge --filter app:.* --ago 7d' /dev/null",
    "az deployment group create -g rg -f main.bicep --mode Complete",
    "doctl compute droplet delete web-1",
    "doctl compute droplet rm web-1",
    "aws sns unsubscribe --subscription-arn arn:x",
  ],
  pass: [
    "aws ec2 describe-instances",
    "aws s3 ls",
    "aws ecr get-login-password",
    "gcloud compute instances list",
    "gcloud config set project p",
    "az group list",
    "az acr repository list --name myregistry",
    "az acr run --registry myregistry --cmd 'acr purge --filter app:.* --ago 7d --dry-run' /dev/null",
    "az deployment group create -g rg -f main.bicep",
    "aws sts get-caller-identity",
    "doctl compute droplet list",
  ],
};
