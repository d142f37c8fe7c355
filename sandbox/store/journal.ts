import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";

// What survives a restart: every change made through the API or a scenario, as the record it left behind. On start
// the seed is regenerated (it is deterministic) and the journal replayed on top of it.
export type JournalEntry =
  | { kind: "upsert"; mode: "test" | "live"; collection: string; record: { id: string } & Record<string, unknown> }
  | { kind: "clock"; offsetMs: number };

export class Journal {
  constructor(private readonly file: string | null) {
    if (file) mkdirSync(path.dirname(file), { recursive: true });
  }

  read(): JournalEntry[] {
    if (!this.file || !existsSync(this.file)) return [];
    const entries: JournalEntry[] = [];
    for (const line of readFileSync(this.file, "utf8").split("\n")) {
      if (!line.trim()) continue;
      try {
        entries.push(JSON.parse(line) as JournalEntry);
      } catch {
        // A line cut short by a crash mid-write is the only way to get here; everything before it still counts.
      }
    }
    return entries;
  }

  append(entry: JournalEntry): void {
    if (this.file) appendFileSync(this.file, `${JSON.stringify(entry)}\n`);
  }
}
