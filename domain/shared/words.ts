/** Words are what splitting the trimmed text on whitespace gives (the spec's rule). */
export const countWords = (text: string): number => {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
};
