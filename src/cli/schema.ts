import { defineCommand } from "citty";
import { fileJsonSchema } from "../engine/schema.ts";

export default defineCommand({
  meta: { name: "schema", description: "Print the JSON Schema of hookit.json (generated from the validator)" },
  run() {
    process.stdout.write(JSON.stringify(fileJsonSchema(), null, 2) + "\n");
  },
});
