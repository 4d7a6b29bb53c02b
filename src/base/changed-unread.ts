// The mark the command facts put on a line that changes a file without saying how and then runs
// or applies it (facts/written-scripts.ts); the starter's no-unread-code refuses it.
export const CHANGED_UNREAD = "uses a file the line changed unreadably";
