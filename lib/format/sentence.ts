/**
 * A sentence whose last word ends with its own full stop ("… a las 12:58 a. m." in Spanish) followed by the message's
 * stop ("Vence el {when}.") reads "a. m..": one stop ends both, as in print. An ellipsis (…) is left alone.
 */
export function oneFinalStop(sentence: string): string {
  return sentence.replace(/(?<!\.)\.\.(\s*)$/, ".$1");
}
