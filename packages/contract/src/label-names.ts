/**
 * The form two label names are compared in: without case or accents ('Écran' and 'ecran' are one name),
 * so two labels never read alike in a list or a filter. Plain (no zod): the picker checks it as one types.
 */
export const labelNameKey = (name: string): string =>
  name.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase('fr').normalize('NFC');
