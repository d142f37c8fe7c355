// Reads CSV back into records (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes). The tests read
// what the export wrote with it; a leading byte order mark is dropped.

export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = text.startsWith("\uFEFF") ? 1 : 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      records.push([...record, field]);
      record = [];
      field = "";
    } else field += char;
  }
  if (field !== "" || record.length > 0) records.push([...record, field]);
  return records;
}
