/**
 * Text a URL cannot carry as given: a lone surrogate (half of a UTF-16 pair) is written as U+FFFD by
 * `URLSearchParams` and refused by `encodeURIComponent` (a `URIError`). Refused before anything is sent.
 */
export const LONE_SURROGATE = 'holds a lone surrogate (half of a UTF-16 pair), which a URL would write as U+FFFD';

/**
 * A control character (U+0000 to U+001F, U+007F): a URL carries it percent-encoded (`%00`), which no id or path of
 * the service holds. Refused before anything is sent.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: they are what it finds
export const CONTROL = /[\0-\x1f\x7f]/;
/** How a message names what `CONTROL` finds (the path's rule and the id's, in the same words). */
export const A_CONTROL_CHARACTER = 'a control character (sent as %00 to %1F or %7F)';

/** Whether `text` has no lone surrogate (`encodeURIComponent` refuses one, on every platform). */
export function wellFormed(text: string): boolean {
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * A member's name as a message shows it: as given, or as JSON writes it (`"k\ud800"`) when it holds a lone
 * surrogate, which a message printed or logged as UTF-8 would show as U+FFFD: a name the caller never wrote.
 */
export function shownKey(key: string): string {
  return wellFormed(key) ? key : JSON.stringify(key);
}
