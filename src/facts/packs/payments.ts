// Payments (Stripe and others).
import type { Pack } from "./types.ts";
import { httpDelete, servicePack } from "./_service.ts";

export const payments = (): Pack =>
  servicePack("payments", "Payments (Stripe and others)", [
    {
      id: "stripe-destructive",
      programs: ["stripe"],
      when: { any: ["delete", "cancel", "void", "reject", "close"] },
      reason: "it deletes or cancels payment objects (customers, subscriptions, invoices)",
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
    httpDelete("payments-api-delete", "(api\\.stripe|braintree|adyen|paypal)", "it deletes payment objects through the API"),
  ]);
