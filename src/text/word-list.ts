/**
 * Names joined as a sentence joins them: "a", "a or b", "a, b or c" (or with "and"). One helper for every
 * message and help text that lists choices, so they all read alike.
 */
export function wordList(words: readonly string[], conjunction: 'or' | 'and'): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} ${conjunction} ${words[words.length - 1]}`;
}
