// The databases pack: what it must refuse (each rule at least once) and the everyday commands of
// the same tools it must let through.
import type { PackCases } from "./_cases.ts";

export const databases: PackCases = {
  block: [
    // `-h` is the host here, not a help flag
    "psql -h prod -c 'DROP TABLE users'",
    "PGPASSWORD=x psql -h db.example -U app -c 'TRUNCATE users'",
    "redis-cli -h cache FLUSHALL",
    "mysql -h db -e 'DROP DATABASE app'",
    // SQL typed at the shell,
    "DROP TABLE users;",
    "drop database app",
    "TRUNCATE users;",
    "truncate table orders",
    "DELETE FROM users;",
    "delete from `users`",
    "UPDATE users SET admin = 1",
    "GRANT ALL ON *.* TO 'admin'@'%';",
    "GRANT ALL PRIVILEGES ON * TO app",
    "psql -c 'DROP TABLE users'",
    "psql -d app -c 'truncate table sessions'",
    "mysql -e 'DELETE FROM users'",
    'mysql app -e "UPDATE users SET admin = 1"',
    "sqlite3 app.db 'DROP TABLE t'",
    "dropdb app_production",
    "mongosh app --eval 'db.dropDatabase()'",
    "mongosh --eval 'db.users.deleteMany({})'",
    "redis-cli FLUSHALL",
    "redis-cli -n 2 flushdb",
    // SQL the line feeds the client, and one statement among several
    "psql app <<'EOF'\nBEGIN;\nDROP TABLE users;\nCOMMIT;\nEOF",
    "mysql app <<< 'DELETE FROM sessions'",
    "echo 'DROP TABLE t' | sqlite3 app.db",
    'mysql -e "DELETE FROM users; SELECT 1 FROM audit WHERE id = 2"',
  ],
  pass: [
    "truncate -s 0 build.log",
    "truncate --size=1M disk.img",
    "DELETE FROM users WHERE id = 1;",
    "GRANT ALL ON app.* TO 'app'@'%';",
    "GRANT SELECT ON *.* TO 'readonly'@'%';",
    "drop --help",
    "psql -c 'select count(*) from users'",
    "mysql -e 'DELETE FROM users WHERE id = 7'",
    "sqlite3 app.db .tables",
    "redis-cli GET key",
    "mongosh --eval 'db.users.find()'",
    "dropdb --help",
    "psql app <<'EOF'\nSELECT * FROM users WHERE id = 1;\nEOF",
    "echo 'select 1' | sqlite3 app.db",
  ],
};
