/**
 * What the database can store of a parsed JSON value, checked once at the boundary (issue 31). PostgreSQL
 * text and jsonb cannot hold NUL, and a UTF-16 surrogate without its pair has no UTF-8 form at all (the
 * driver would store U+FFFD instead, a silent change of what was sent). Depth is bounded too: every
 * recursive step after parsing (validation, JSON.stringify, jsonb) would otherwise run out of stack.
 */

/** The deepest nesting a request body may have; the deepest legitimate one (a passkey answer) has 5. */
export const MAX_JSON_DEPTH = 32;

export const UNSTORABLE_TEXT_MESSAGE = 'Text that cannot be stored: NUL or an unpaired UTF-16 surrogate';
export const TOO_DEEP_MESSAGE = `Values nested deeper than ${MAX_JSON_DEPTH} levels are refused`;

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Each lone surrogate replaced by U+FFFD, as a UTF-8 decoder shows bytes it cannot read. */
export const wellFormed = (text: string): string =>
  text.replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD');

/** True when PostgreSQL stores this string exactly as it is. */
export const isStorableText = (text: string): boolean =>
  !text.includes('\u0000') && !LONE_SURROGATE.test(text);

export interface UnstorableValue {
  /** Where, as `field.0.name` (empty for the value itself); a name that cannot be stored appears as its
   * JSON escapes (`\u0000`), so the answer, a stored sync result or a log line can hold it. */
  path: string;
  message: string;
}

/**
 * The first place in `value` that the database cannot store (text, or a property name) or that is nested
 * deeper than `maxDepth`, or null. Walks with its own stack, so no input can exhaust the call stack.
 */
export function findUnstorable(value: unknown, maxDepth = MAX_JSON_DEPTH): UnstorableValue | null {
  const stack: Array<{ value: unknown; depth: number; path: string[] }> = [{ value, depth: 0, path: [] }];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (typeof current.value === 'string') {
      if (!isStorableText(current.value))
        return { path: current.path.join('.'), message: UNSTORABLE_TEXT_MESSAGE };
      continue;
    }
    if (current.value === null || typeof current.value !== 'object') continue;
    if (current.depth >= maxDepth) return { path: current.path.join('.'), message: TOO_DEEP_MESSAGE };
    for (const [key, child] of Object.entries(current.value)) {
      const path = [...current.path, key];
      if (!isStorableText(key))
        return { path: [...current.path, escaped(key)].join('.'), message: UNSTORABLE_TEXT_MESSAGE };
      stack.push({ value: child, depth: current.depth + 1, path });
    }
  }
  return null;
}

const escaped = (key: string): string => JSON.stringify(key).slice(1, -1);
