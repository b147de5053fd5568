// An AI helper for task descriptions, subtasks and task suggestions exists but is switched off and
// returns nothing. The switch is the build-time flag VITE_AI_HELPER; no provider is wired in, so even
// with the flag on nothing is suggested and no UI offers it.

export interface TaskSuggestion {
  status: 'todo' | 'in_progress' | 'in_review' | 'done';
  estimatedMinutes: number;
  /** 0-100 */
  confidence: number;
}

export interface AiProvider {
  describeTask(title: string): Promise<string | null>;
  suggestSubtasks(title: string, description: string): Promise<string[]>;
  suggestTask(title: string, description: string): Promise<TaskSuggestion | null>;
}

export const isAiHelperEnabled = (flag: unknown = import.meta.env.VITE_AI_HELPER): boolean => flag === 'true';

let provider: AiProvider | null = null;

/** Where a real provider would be plugged in; none is, today. */
export function registerAiProvider(next: AiProvider | null): void {
  provider = next;
}

const active = (): AiProvider | null => (isAiHelperEnabled() ? provider : null);

export async function describeTask(title: string): Promise<string | null> {
  return (await active()?.describeTask(title)) ?? null;
}

export async function suggestSubtasks(title: string, description: string): Promise<string[]> {
  return (await active()?.suggestSubtasks(title, description)) ?? [];
}

export async function suggestTask(title: string, description: string): Promise<TaskSuggestion | null> {
  return (await active()?.suggestTask(title, description)) ?? null;
}
