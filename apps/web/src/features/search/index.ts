// The shell's search ('Rechercher', `/`) and what the palette uses of it.
export { ShellSearch } from './components/shell-search.tsx';
export { SearchCombobox } from './components/search-combobox.tsx';
export { useSearchResults } from './use-search.ts';
export { resultLabel, resultPath } from './search-groups.ts';
