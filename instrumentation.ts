// Runs once when the server starts. The Node-only check lives in its own module so no edge bundle includes it.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") await import("./instrumentation-node");
}
