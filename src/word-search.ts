// A word between boundaries, found with plain searches: the hot path asks it of command lines
// on every call, where an expression like `\bword\b` would be compiled anew each time.

/** `[A-Za-z0-9_]`, the characters `\b` counts as part of a word. */
export const isWordChar = (code: number): boolean =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;

/** Whether `text` holds `word` with no `inWord` character on either side (by default as `\bword\b` means). */
export function holdsWord(text: string, word: string, inWord: (code: number) => boolean = isWordChar): boolean {
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    const after = at + word.length;
    if ((at === 0 || !inWord(text.charCodeAt(at - 1))) && (after === text.length || !inWord(text.charCodeAt(after)))) return true;
  }
  return false;
}
