// Without a file of its own, Next's build took the back office's proxy.ts (sessions, CSP): the floor runs none, so
// this one matches no request.
import { NextResponse } from "next/server";

export function proxy() {
  return NextResponse.next();
}

export const config = { matcher: ["/__bench_floor_no_proxy"] };
