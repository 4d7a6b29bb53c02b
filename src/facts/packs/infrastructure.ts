// Infrastructure as code: runs that destroy what the code manages, or apply a
// plan nobody read.
import type { Pack } from "./types.ts";
import { pack } from "./_pack.ts";

const TERRAFORM = ["terraform", "tofu", "terragrunt"];

export const infrastructure = (): Pack =>
  pack({
    id: "infrastructure",
    title: "Terraform, OpenTofu, Pulumi, CDK and Ansible",
    valueOptions: { terraform: ["-chdir"], tofu: ["-chdir"], pulumi: ["-s", "--stack", "-C", "--cwd"] },
    rules: [
      {
        id: "terraform-destroy",
        programs: TERRAFORM,
        sub: ["destroy"],
        reason: "it destroys everything the configuration manages",
        instead: "run `terraform plan -destroy` and show it to the user",
      },
      {
        id: "terraform-destroy-apply",
        programs: TERRAFORM,
        sub: ["apply"],
        when: { any: ["-destroy", "--destroy"] },
        reason: "`apply -destroy` destroys everything the configuration manages",
        instead: "run `terraform plan -destroy` and show it to the user",
      },
      {
        id: "terraform-auto-approve",
        programs: TERRAFORM,
        sub: ["apply|import|state"],
        when: { any: ["-auto-approve", "--auto-approve", "rm", "push"] },
        reason: "it changes real infrastructure (or its state) without a plan anyone read",
        instead: "run `terraform plan` and let the user apply it",
      },
      {
        id: "pulumi-destroy",
        programs: ["pulumi"],
        sub: ["destroy|down"],
        unless: { any: ["--preview-only"] },
        reason: "it destroys every resource of the stack",
        instead: "run `pulumi preview --diff` and show it to the user",
      },
      {
        id: "pulumi-stack-rm",
        programs: ["pulumi"],
        sub: ["stack", "rm"],
        reason: "it deletes the stack and its history",
        instead: "ask the user to remove the stack",
      },
      {
        id: "cdk-destroy",
        programs: ["cdk", "cdktf", "sam", "serverless", "sls"],
        sub: ["destroy|delete|remove"],
        reason: "it deletes the deployed stack",
        instead: "ask the user to destroy it",
      },
    ],
  });
