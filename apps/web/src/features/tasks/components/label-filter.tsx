import { useSearchParams } from 'wouter';
import { Field } from '../../../components/ui/field.tsx';
import { fr } from '../../../locales/fr/index.ts';
import { useWork } from '../../../offline/work-context.tsx';
import { readTaskFilters, withTaskFilter } from '../task-filters.ts';

/**
 * 'Étiquette': the tasks that carry one label, kept in the address (`label=`) so a reload or a link shows
 * the same tasks; on /tasks among the other filters, alone on a project's page.
 */
export function LabelFilter({ id }: { id: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { labels } = useWork();
  const value = readTaskFilters(searchParams).label;
  return (
    <Field id={id} label={fr.labels.filter}>
      {(control) => (
        <select
          {...control}
          className="input"
          value={value ?? ''}
          onChange={(event) =>
            setSearchParams((params) => withTaskFilter(params, 'label', event.target.value), {
              replace: true,
            })
          }
        >
          <option value="">{fr.tasks.filters.anyFeminine}</option>
          {/* A label this device no longer lists (deleted meanwhile) stays named, so the filter says what it holds. */}
          {value !== null && !labels.some((label) => label.id === value) && (
            <option value={value}>{value}</option>
          )}
          {labels.map((label) => (
            <option key={label.id} value={label.id}>
              {label.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
