/**
 * Text as league search compares it: lowercase, diacritics stripped, trimmed, inner runs of
 * whitespace collapsed to one space. Stored beside league names so a search is a plain LIKE.
 */
export function normaliseSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Escapes LIKE wildcards so user text matches literally (used with `escape '\'`). */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
