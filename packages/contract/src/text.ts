import { z } from 'zod';

// Request text refuses control characters: PostgreSQL text and jsonb cannot hold NUL (the insert fails
// with a 500), and the others only serve to forge log lines or hide content (issue 9). Tab and line
// feed stay allowed everywhere, as pasted text carries them. Carriage return is allowed only in
// multi-line fields (descriptions), where a pasted Windows line ending is ordinary; in a one-line value
// it would only rewrite what a terminal or a CSV reader shows.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ONE_LINE_CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const MULTI_LINE_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * A string without control characters (C0, DEL, C1) other than tab and line feed, plus carriage return
 * when `multiline`. Every free-text field of a request is built on it (chain `.trim()`, `.max()` after);
 * fields held to an anchored pattern (codes, audit types) refuse control characters by that pattern.
 */
export const safeText = (options: { multiline?: boolean } = {}) => {
  const controls = options.multiline ? MULTI_LINE_CONTROLS : ONE_LINE_CONTROLS;
  return z.string().refine((value) => !controls.test(value), {
    message: options.multiline
      ? 'Control characters are not allowed (except tab, line feed and carriage return)'
      : 'Control characters are not allowed (except tab and line feed)',
  });
};
