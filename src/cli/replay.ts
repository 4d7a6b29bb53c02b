import { defineCommand } from "citty";
export default defineCommand({ meta: { name: "replay" }, run() {} });
