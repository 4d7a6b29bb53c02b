// The programs that fetch from the network and print or save what they fetched. Running what
// they fetch is running code nobody has read: the starter refuses it (starter-policy.ts), and the
// command facts follow what they save into the files the same line runs (facts/downloads.ts).
export const DOWNLOADERS = [
  ...["curl", "wget", "fetch", "aria2c", "axel", "http", "https", "xh", "xhs", "curlie", "lynx"],
  // libwww-perl's clients: `lwp-request` and its `GET`/`POST`/`HEAD` names print, `lwp-download` saves
  ...["lwp-request", "GET", "POST", "HEAD", "lwp-download"],
] as const;
