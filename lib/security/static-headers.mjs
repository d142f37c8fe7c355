// On every answer, including those the server's CSP skips (static files, webhooks, the health check) and those the
// server gives before Next (scripts/server.mjs: a path Next cannot decode). next.config.mjs sets them on Next's answers.
// Plain JavaScript: next.config.mjs and scripts/server.mjs import it under plain node.
export const STATIC_HEADERS = [
  { key: "X-Frame-Options", value: "DENY" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  // Nothing here uses these; a script that got in cannot either.
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
];
