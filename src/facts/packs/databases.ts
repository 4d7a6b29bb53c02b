// SQL and key-value stores: statements that drop or empty what they name, given
// on the command line (`psql -c`, `mysql -e`, `sqlite3 db "…"`, `mongosh --eval`,
// `redis-cli FLUSHALL`), in a script file (`psql -f x.sql`) or on the input
// (`mysql db < x.sql`, a here-document).
import type { Pack, Rule } from "./types.ts";
import { pack } from "./_pack.ts";

const DROP = "\\b(drop\\s+(table|database|schema|index|view|collection|keyspace)|truncate(\\s+table)?\\s+\\w)";
// `DELETE FROM t` / `UPDATE t SET …` with no WHERE: every row.
const ALL_ROWS = "^(?!.*\\bwhere\\b).*\\b(delete\\s+from|update\\s+\\S+\\s+set)\\b";
/**
 * SQL typed as a shell command (`DROP TABLE users;`): the shell runs none of it, but the statement
 * says what the agent means to do, and a client is the next step. Each verb is its program here,
 * the rule reading the words after it (`truncate` is also coreutils', which always takes -s or -r).
 */
const typedSql = (id: string, programs: string[], rest: Pick<Rule, "when" | "unless">): Rule => ({
  id,
  programs,
  ...rest,
  reason: "a SQL statement that drops or empties tables or databases, or grants every privilege, typed at the shell",
  instead: "write a migration the user reviews, or ask the user to run it",
});
const SQL = ["psql", "mysql", "mariadb", "sqlite3", "sqlcmd", "clickhouse-client", "cockroach", "duckdb", "snowsql", "bq"];

export const databases = (): Pack =>
  pack({
    id: "databases",
    title: "SQL and key-value databases",
    scriptOptions: {
      psql: ["-f", "--file"],
      sqlcmd: ["-i", "--input-file"],
      "clickhouse-client": ["--queries-file"],
      cockroach: ["-f", "--file"],
      // `.read FILE`, a dot-command given as an argument (`sqlite3 app.db '.read drop.sql'`)
      duckdb: ["-f", "-init", ".read"],
      snowsql: ["-f", "--filename"],
      sqlite3: ["-init", ".read"],
      mongosh: ["--file", "-f"],
      mongo: ["--file", "-f"],
    },
    rules: [
      {
        id: "sql-drop",
        programs: SQL,
        when: { text: DROP },
        reason: "DROP / TRUNCATE throws away a table, schema or database with its data",
        instead: "write a migration the user reviews, or ask the user to run it",
      },
      {
        id: "sql-all-rows",
        programs: SQL,
        when: { text: ALL_ROWS },
        reason: "DELETE or UPDATE without WHERE changes every row",
        instead: "add a WHERE clause that names the rows, or ask the user",
      },
      typedSql("typed-drop", ["drop"], { when: { text: "^(table|database|schema|index|view|collection|keyspace|user|role)\\b" } }),
      typedSql("typed-truncate", ["truncate"], { unless: { any: ["-s", "--size", "-r", "--reference", "--help", "--version"] } }),
      typedSql("typed-all-rows", ["delete", "update"], { when: { text: "^(?!.*\\bwhere\\b)(from\\s|\\S+\\s+set\\b)" } }),
      // Every privilege on everything (`ON *.*`, whatever the shell made of the glob); one database's (`ON app.*`) passes.
      typedSql("typed-grant-all", ["grant"], { when: { text: "^all\\b.*\\bon\\s+(?![^\\s*]+\\.\\*\\s+to\\b)" } }),
      {
        id: "dropdb",
        programs: ["dropdb", "dropuser", "mysqladmin"],
        unless: { any: ["--help", "status", "ping", "version", "processlist"] },
        reason: "it drops a database (or a role)",
        instead: "ask the user to drop it",
      },
      {
        id: "mongo-drop",
        programs: ["mongosh", "mongo"],
        when: { text: "\\.(dropDatabase|drop|deleteMany\\(\\s*\\{\\s*\\})\\s*\\(?" },
        reason: "it drops a database or collection, or deletes every document",
        instead: "delete the documents by a filter, or ask the user",
      },
      {
        id: "redis-flush",
        programs: ["redis-cli", "valkey-cli", "keydb-cli"],
        when: { any: ["flushall", "flushdb"] },
        reason: "FLUSHALL / FLUSHDB deletes every key",
        instead: "delete the keys by name or pattern, or ask the user",
      },
    ],
  });
