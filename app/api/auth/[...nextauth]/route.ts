// GET/POST /api/auth/* — Auth.js (sign-in callback, session, sign-out)
import { handlers } from "@/lib/auth";

export const { GET, POST } = handlers;
