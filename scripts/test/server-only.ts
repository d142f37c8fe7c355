// Vitest runs outside React's server environment, where the real "server-only" would throw on import.
export {};
