/** "Bruno", "Bruno and Coco", "Bruno, Coco and Max": words listed as a sentence says them. */
export function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
