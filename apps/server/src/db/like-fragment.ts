/**
 * A LIKE pattern that finds `text` anywhere in a value, the wildcards it holds taken literally: a
 * search for "a_b" finds "a_b" only.
 */
export const likeFragment = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
