// Payments (Stripe, Braintree, Square, Adyen, PayPal): deletes of customers, products and
// stored payment methods, and cancellations of subscriptions and payments, through the CLIs,
// the HTTP APIs and the SDKs' calls in inline code. Live payment data is not the agent's to change.
import type { Pack } from "./types.ts";
import { sdkCall } from "./_clients.ts";
import { HTTP, httpDelete, servicePack, ASK_USER } from "./_service.ts";

/** The payment services' API hosts. */
const PAYMENT_API = "(api\\.stripe\\.com|braintree|adyen|paypal\\.com|squareup(sandbox)?\\.com)";

/**
 * Braintree's SDK calls typed as a shell command (`gateway.customer.delete('cust_1')`): no such
 * programs, but a model that types one means it and will try it next in a console.
 */
export const BRAINTREE_CALLS = [
  "gateway.customer.delete",
  "gateway.payment_method.delete",
  "gateway.paymentmethod.delete",
  "gateway.credit_card.delete",
  "gateway.creditcard.delete",
  "gateway.address.delete",
  "gateway.merchant_account.delete",
  "gateway.paypal_account.delete",
  "gateway.subscription.cancel",
  "gateway.transaction.void",
  "braintree.customer.delete",
  "braintree.paymentmethod.delete",
  "braintree.creditcard.delete",
  "braintree.address.delete",
  "braintree.subscription.cancel",
  "braintree.transaction.void",
];

const DELETES_PAYMENT_DATA = "it deletes customers or stored payment methods, or cancels subscriptions or payments";

export const payments = (): Pack =>
  servicePack("payments", "Payments (Stripe, Braintree, Square, Adyen, PayPal)", [
    {
      // `stripe customers delete`, `stripe customers delete_discount`, `stripe payment_methods detach`, `stripe delete /v1/…`.
      id: "stripe-destructive",
      programs: ["stripe"],
      when: { any: ["delete", "delete_discount", "delete_source", "delete_tax_id", "cancel", "void", "reject", "close", "detach"] },
      unless: { any: ["tail"] }, // `stripe logs tail --filter-http-method DELETE` only watches
      reason: "it deletes or cancels payment objects (customers, subscriptions, invoices, payment methods)",
      instead: "use test mode data, or ask the user",
    },
    {
      id: "stripe-live",
      programs: ["stripe"],
      when: { any: ["--live"] },
      ask: true,
      reason: "it acts on live payment data",
      instead: "use test mode, or let the user confirm",
    },
    {
      id: "stripe-keys-roll",
      programs: ["stripe"],
      sub: ["api_keys|api-keys", "roll"],
      ask: true,
      reason: "rolling an API key revokes the old one: what still uses it stops taking payments",
      instead: "let the user confirm it once what uses the key is ready for the new one",
    },
    httpDelete("payments-api-delete", PAYMENT_API, "it deletes payment objects through the API"),
    {
      // What the APIs cancel or detach with a POST: `/v1/payment_intents/pi_1/cancel`, `/v2/catalog/batch-delete`.
      id: "payments-api-cancel",
      programs: HTTP,
      when: { text: `${PAYMENT_API}\\S*/(cancel|void|detach|reject|close|disable|batch-delete|delete|mark_uncollectible)\\b` },
      reason: DELETES_PAYMENT_DATA,
      instead: "ask the user to make the call",
    },
    {
      // Square's CLI: `square catalog delete obj_1`, `square subscriptions cancel sub_1`.
      id: "square-delete",
      programs: ["square"],
      when: { any: ["delete", "batch-delete", "cancel", "disable", "remove", "void"] },
      reason: "it deletes catalog objects, customers, locations or webhooks, or cancels payments and subscriptions",
      instead: ASK_USER,
    },
    // Braintree's `gateway.customer.delete`, `$gateway->customer()->delete`, `braintree.Customer.delete`, Stripe's `stripe.customers.del`.
    sdkCall(
      "sdk-payment-delete",
      "\\b(braintree|gateway|stripe)(\\.|->|::)\\w+(\\(\\))?(\\.|->)(del|delete|cancel|void|detach)\\b",
      DELETES_PAYMENT_DATA,
    ),
    { id: "braintree-call", programs: BRAINTREE_CALLS, reason: DELETES_PAYMENT_DATA, instead: ASK_USER },
  ]);
