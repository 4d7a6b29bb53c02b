import { defineCommand } from "citty";
export default defineCommand({ meta: { name: "explain" }, run() {} });
