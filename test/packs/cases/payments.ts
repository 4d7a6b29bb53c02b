// The payments pack: what it must refuse (each rule at least once) and the everyday commands of
// the same tools it must let through.
import type { PackCases } from "./_cases.ts";

export const payments: PackCases = {
  block: [
    "stripe customers delete cus_123",
    "stripe charges list --live",
    "stripe subscriptions cancel sub_123",
    "stripe invoices void in_123",
    "curl -X DELETE https://api.stripe.com/v1/customers/cus_1 -u sk_test_x:",
  ],
  pass: ["stripe customers list", "stripe listen --forward-to localhost:3000", "stripe trigger payment_intent.succeeded"],
};
