// The contract's plain values (constants, codes, defaults), without any zod schema. The web app imports
// these from '@jalon/contract/plain' on its first screen, so the schemas (and zod) load only when needed.
export * from './constants.ts';
export * from './http.ts';
export * from './defaults.ts';
export * from './ids.ts';
export * from './mentions.ts';
export * from './enum-values.ts';
export * from './search-excerpt.ts';
export * from './label-names.ts';
export * from './same-site-path.ts';
