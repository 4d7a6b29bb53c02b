// Text helpers several suites share.

/** `text` as a regular expression that matches exactly it. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
