// A bad configuration stops the server here, with a readable message, rather than on the first request.
import { env } from "./lib/env";
import { productionProblems } from "./lib/env-schema";

const settings = env();
if (settings.NODE_ENV === "production") {
  const problems = productionProblems(settings);
  if (problems.length > 0) {
    console.error(`Refusing to start in production:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    process.exit(1);
  }
}
