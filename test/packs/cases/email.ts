// The email pack: what it must refuse (each rule at least once) and the everyday commands of
// the same tools it must let through.
import type { PackCases } from "./_cases.ts";

export const email: PackCases = {
  block: [
    "aws ses delete-identity --identity example.com",
    "aws sesv2 delete-email-identity --email-identity example.com",
    "curl -X DELETE https://api.sendgrid.com/v3/templates/t1 -H 'Authorization: Bearer x'",
  ],
  pass: ["aws ses list-identities", "curl https://api.sendgrid.com/v3/templates -H 'Authorization: Bearer x'"],
};
