// Secrets managers: deleting or overwriting a secret breaks what reads it, and
// some deletions cannot be recovered.
import type { Pack } from "./types.ts";
import { pack } from "./_pack.ts";

export const secrets = (): Pack =>
  pack({
    id: "secrets",
    title: "Secrets managers (Vault, 1Password, Doppler, AWS, GCP, Azure, Infisical)",
    valueOptions: { aws: ["--region", "--profile"], vault: ["-address", "-namespace"] },
    rules: [
      {
        id: "vault-delete",
        programs: ["vault", "bao"],
        when: { any: ["delete", "destroy", "disable", "revoke", "metadata"], text: "\\b(delete|destroy|disable|revoke)\\b" },
        reason: "it deletes, destroys or disables secrets (or a whole secrets engine)",
        instead: "ask the user to change the secret",
      },
      {
        id: "op-delete",
        programs: ["op"],
        when: { any: ["delete", "remove", "rm"] },
        reason: "it deletes an item, document or vault from 1Password",
        instead: "ask the user",
      },
      {
        id: "doppler-delete",
        programs: ["doppler", "infisical"],
        when: { any: ["delete", "rm", "remove"] },
        reason: "it deletes secrets, configs or projects",
        instead: "ask the user",
      },
      {
        id: "cloud-secret-change",
        programs: ["aws"],
        sub: ["secretsmanager|ssm|kms", "delete-*|put-secret-value|update-secret|put-parameter|schedule-key-deletion|disable-key"],
        reason: "it deletes or overwrites a secret (or the key that decrypts secrets)",
        instead: "ask the user to change the secret",
      },
      {
        id: "gcp-azure-secret-delete",
        programs: ["gcloud", "az"],
        when: { all: ["delete"], text: "\\b(secrets|keyvault|kms)\\b" },
        reason: "it deletes a secret or a key vault",
        instead: "ask the user",
      },
    ],
  });
