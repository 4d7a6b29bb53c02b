// The infrastructure pack: what it must refuse (each rule at least once) and the everyday commands of
// the same tools it must let through.
import type { PackCases } from "./_cases.ts";

export const infrastructure: PackCases = {
  block: [
    "terraform destroy",
    "terraform destroy -auto-approve",
    "terraform apply -destroy",
    "terraform apply -auto-approve",
    "tofu destroy",
    "terraform state rm aws_instance.web",
    "pulumi destroy --yes",
    "pulumi stack rm prod",
    "cdk destroy --all",
    "terragrunt run-all destroy",
    "terragrunt run --all destroy",
    "terragrunt destroy-all",
    "terraform workspace delete prod",
    "tofu workspace delete -force staging",
  ],
  pass: [
    "terraform plan",
    "terraform init",
    "terraform fmt",
    "terraform validate",
    "terraform apply",
    "pulumi preview",
    "cdk synth",
    "terragrunt run --all plan",
    "terraform workspace list",
    "terraform workspace select prod",
  ],
};
