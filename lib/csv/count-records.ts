// Counts the records of a CSV as its bytes stream in, for the export's progress: a line break inside a quoted field
// (a description with two lines) is not a new record. Quotes toggle the state; a doubled quote toggles it twice.

export function createRecordCounter() {
  let quoted = false;
  let records = 0;
  return {
    /** Feeds the next piece of text; returns the records completed so far. */
    push(text: string): number {
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        if (code === 34) quoted = !quoted;
        else if (code === 10 && !quoted) records++;
      }
      return records;
    },
  };
}
