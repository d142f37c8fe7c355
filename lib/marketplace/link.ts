// The onboarding link as the admin's dialog gets it, once. Client-safe (a type only).

/** The link for the dialog: the URL, whose account, and until when it works (the service's clock). */
export type IssuedLink = { accountId: string; businessName: string; url: string; expiresAt: string };
