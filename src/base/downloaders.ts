// The programs that fetch from the network and print or save what they fetched. Running what
// they fetch is running code nobody has read: the starter refuses it (starter-policy.ts), and the
// command facts follow what they save into the files the same line runs (facts/downloads.ts).
export const DOWNLOADERS = ["curl", "wget", "fetch", "aria2c", "http", "https", "xh", "lynx"] as const;
