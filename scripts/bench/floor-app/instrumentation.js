// Without a file of its own, Next's build took the back office's (../../../instrumentation.ts, which refuses to start
// without the app's secrets): the floor has nothing to check.
export function register() {}
