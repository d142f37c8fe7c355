// npm run operator -- <command>: manage who can sign in. Every change is written with its audit row.
import { parseArgs } from "node:util";
import { connectDatabase } from "@/db";
import { listOperators } from "@/db/queries/operators";
import { isRole, ROLES } from "@/lib/auth/roles";
import { addOperator, OperatorError, resetOperatorPassword, setOperatorDisabled, setOperatorRole, type Actor } from "@/lib/operators";
import { DEV_ADMIN_EMAIL, keepAdminPassword, readDevState, scriptDatabase } from "./lib/dev-state";
import { loadDotEnv } from "./lib/load-env";
import os from "node:os";

const USAGE = `Usage: npm run operator -- <command> [options]
  add --email <e-mail> --name <name> --role <${ROLES.join("|")}>   prints a generated password once
  set-role --email <e-mail> --role <${ROLES.join("|")}>
  disable --email <e-mail>
  enable --email <e-mail>
  reset-password --email <e-mail>                                prints a new password once
  list
Uses DATABASE_URL, or the database of a running \`npm run dev\`.`;

function fail(message: string): never {
  console.error(`error: ${message}\n\n${USAGE}`);
  process.exit(2);
}

loadDotEnv();
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: "string" }, name: { type: "string" }, role: { type: "string" }, help: { type: "boolean" } },
});
const [command] = positionals;
if (values.help || !command) {
  console.log(USAGE);
  process.exit(command || values.help ? 0 : 2);
}

const database = scriptDatabase();
if (!database) fail("DATABASE_URL is not set and no `npm run dev` database was found");
console.error(database.line);
const url = database.url;

function required(name: "email" | "name" | "role"): string {
  const value = values[name]?.trim();
  if (!value) fail(`--${name} is required for ${command}`);
  return value;
}
function role() {
  const value = required("role");
  if (!isRole(value)) fail(`--role must be one of ${ROLES.join(", ")}`);
  return value;
}
function email() {
  const value = required("email");
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) fail(`--email is not an e-mail address: ${value}`);
  return value;
}

const actor: Actor = { operatorId: null, label: `cli:${os.userInfo().username}` };
const { db, client } = connectDatabase(url, { max: 1 });

try {
  switch (command) {
    case "add": {
      const { operator, password } = await addOperator(db, { email: email(), name: required("name"), role: role() }, actor);
      console.log(`Added ${operator.email} (${operator.role}).\nPassword (shown once, store it safely): ${password}`);
      break;
    }
    case "set-role": {
      const operator = await setOperatorRole(db, email(), role(), actor);
      console.log(`${operator.email} is now ${operator.role}.`);
      break;
    }
    case "disable":
    case "enable": {
      const operator = await setOperatorDisabled(db, email(), command === "disable", actor);
      console.log(`${operator.email} is ${operator.disabled ? "disabled: signed out and cannot sign in" : "enabled"}.`);
      break;
    }
    case "reset-password": {
      const address = email();
      const password = await resetOperatorPassword(db, address, actor);
      // The dev admin's password that `npm run dev` prints for this database follows the reset.
      if (address === DEV_ADMIN_EMAIL && readDevState()) keepAdminPassword(url, password);
      console.log(`New password (shown once): ${password}`);
      break;
    }
    case "list": {
      for (const o of await listOperators(db)) {
        console.log(`${o.email.padEnd(36)} ${o.role.padEnd(9)} ${o.disabled ? "disabled" : "active  "} ${o.name}`);
      }
      break;
    }
    default:
      fail(`unknown command: ${command}`);
  }
} catch (error) {
  if (error instanceof OperatorError) {
    console.error(`error: ${error.message}`);
    process.exitCode = 1;
  } else throw error;
} finally {
  await client.end();
}
