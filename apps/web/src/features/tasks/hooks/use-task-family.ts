import { useMemo } from 'react';
import { useWork } from '../../../offline/work-context.tsx';
import { labelMap } from '../../labels/index.ts';
import { familyOf } from '../task-index.ts';

/**
 * What the views show of each task beyond its own fields, read once per change of the device's copy: its
 * labels' names and colours, a parent's sub-tasks done, a sub-task's parent. The family is read once per copy
 * for every view (`familyOf`), not again by each view that mounts.
 */
export function useTaskFamily() {
  const { tasks, labels } = useWork();
  const family = familyOf(tasks);
  const labelsById = useMemo(() => labelMap(labels), [labels]);
  return { family, labelsById };
}
