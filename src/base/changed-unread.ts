// The mark the command facts put on a line that changes a file without saying how and then runs
// or applies it (facts/written-scripts.ts); the starter's no-unread-code refuses it.
export const CHANGED_UNREAD = "uses a file the line changed unreadably";

// The mark on a shell or interpreter that reads commands from a pipe whose stage before makes them
// up as it runs (`python3 -c "print(…)" | sh`, `… | sed s/X/m/ | sh`): no-unread-code refuses it too.
export const RUNS_MADE_UP = "runs what a program makes up";

// The mark on a runner that fetches the code it runs itself (`deno run https://…/x.ts`, `pipx run
// https://…/x.py`): nothing on the line saved it where hookit could read it first.
export const RUNS_FETCHED = "runs code it fetches";
