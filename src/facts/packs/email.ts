// Email sending (SES, SendGrid, Mailgun, Postmark).
import type { Pack } from "./types.ts";
import { httpDelete, servicePack, ASK_USER } from "./_service.ts";

export const email = (): Pack =>
  servicePack("email", "Email sending (SES, SendGrid, Mailgun, Postmark)", [
    {
      id: "ses-delete",
      programs: ["aws"],
      sub: ["ses|sesv2", "delete-*|put-account-sending-*|update-account-sending-*"],
      reason: "it deletes sending identities or turns sending off",
      instead: ASK_USER,
    },
    httpDelete("email-api-delete", "(sendgrid|mailgun|postmark)", "it deletes sending domains, keys or templates"),
  ]);
