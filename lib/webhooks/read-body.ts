export const WEBHOOK_MAX_BYTES = 1024 * 1024;

/**
 * The request body as text, or null when it is larger than `limit` bytes. A declared length over the limit is refused
 * before reading; without one (or if it lies) the size is checked while reading, so no sender can make us buffer more.
 */
export async function readBodyLimited(request: Request, limit: number): Promise<string | null> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) return null;
  if (!request.body) return "";
  if (Number.isFinite(declared)) {
    // The common case: a declared, acceptable length, read in one go (fewer promises on the hot path).
    const bytes = new Uint8Array(await request.arrayBuffer());
    return bytes.byteLength > limit ? null : new TextDecoder().decode(bytes);
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
