import { useId } from 'react';
import type { Digest } from '@jalon/contract';
import { fr } from '../locales/fr/index.ts';
import { dismissDigest } from './live-store.ts';
import { useDigest } from './use-live.ts';

const t = fr.live.digest;

/** One line per person: who, how many tasks, in which projects. */
export function digestLine(person: Digest['people'][number]): string {
  const names = person.projects.map((project) => project.name);
  if (person.moreProjects > 0) names.push(t.moreProjects(person.moreProjects));
  const projects = names.join(', ');
  return person.tasks > 0
    ? t.changedTasks(person.name, t.tasks(person.tasks), projects)
    : t.changedProjects(person.name, person.projects.length + person.moreProjects, projects);
}

/** "Pendant votre absence…": what the others changed while this person was away, until dismissed. */
export function AbsenceDigest() {
  const digest = useDigest();
  const titleId = useId();
  if (!digest) return null;
  return (
    <section className="absence-digest" aria-labelledby={titleId}>
      <h2 id={titleId} className="absence-digest__title">
        {t.title}
      </h2>
      <ul className="absence-digest__list">
        {digest.people.map((person) => (
          <li key={person.userId}>{digestLine(person)}</li>
        ))}
      </ul>
      {digest.truncated && <p>{t.truncated}</p>}
      <button type="button" className="button" onClick={dismissDigest}>
        {t.dismiss}
      </button>
    </section>
  );
}
