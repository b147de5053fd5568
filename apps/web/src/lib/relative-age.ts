// How long ago something happened, in the one unit the dashboard, the task history and the sync
// indicator print ('il y a 5 m').

export type AgeUnit = 's' | 'm' | 'h' | 'j';

/** 'il y a' in seconds, minutes, hours or days (units s, m, h, j). */
export function relativeAge(at: string, now: Date): { amount: number; unit: AgeUnit } {
  const seconds = Math.max(0, Math.floor((now.getTime() - Date.parse(at)) / 1000));
  if (seconds < 60) return { amount: seconds, unit: 's' };
  if (seconds < 3600) return { amount: Math.floor(seconds / 60), unit: 'm' };
  if (seconds < 86_400) return { amount: Math.floor(seconds / 3600), unit: 'h' };
  return { amount: Math.floor(seconds / 86_400), unit: 'j' };
}
