// The secrets pack: what it must refuse (each rule at least once) and the everyday commands of
// the same tools it must let through.
import type { PackCases } from "./_cases.ts";

export const secrets: PackCases = {
  block: [
    "vault kv destroy -versions=1-3 secret/app",
    "vault kv delete secret/app",
    "vault secrets disable kv/",
    "op item delete 'Database Password'",
    "doppler secrets delete API_KEY -y",
    "aws secretsmanager delete-secret --secret-id app/db",
    "aws secretsmanager put-secret-value --secret-id app/db --secret-string x",
    "aws kms schedule-key-deletion --key-id k",
    "gcloud secrets delete db-password",
    "az keyvault delete --name kv-prod",
  ],
  pass: [
    "vault kv get secret/app",
    "op item get 'Database Password'",
    "doppler secrets get API_KEY",
    "aws secretsmanager get-secret-value --secret-id app/db",
    "gcloud secrets list",
  ],
};
