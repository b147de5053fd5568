import type { Project, ProjectStatus } from '@jalon/contract';

export type StatusFilter = ProjectStatus | 'all';

// Case and accents do not matter: « ete » finds « Été ».
const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('fr');

/** Projects of the chosen status whose name or description contains every word of the search. */
export function filterProjects(
  projects: readonly Project[],
  status: StatusFilter,
  search: string,
): Project[] {
  const words = fold(search).split(/\s+/).filter(Boolean);
  return projects.filter((project) => {
    if (status !== 'all' && project.status !== status) return false;
    const haystack = fold(`${project.name} ${project.description}`);
    return words.every((word) => haystack.includes(word));
  });
}
