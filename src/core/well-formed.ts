/**
 * Text a URL cannot carry as given: a lone surrogate (half of a UTF-16 pair) is written as U+FFFD by
 * `URLSearchParams` and refused by `encodeURIComponent` (a `URIError`). Refused before anything is sent.
 */
export const LONE_SURROGATE = 'holds a lone surrogate (half of a UTF-16 pair), which a URL would write as U+FFFD';

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
