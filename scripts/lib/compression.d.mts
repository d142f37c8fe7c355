export function compressResponses(value: string | undefined): boolean;
