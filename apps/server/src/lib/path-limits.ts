/** The longest path parameter the router matches (an id is 36 characters); longer ones answer 400. */
export const MAX_PATH_PARAM_LENGTH = 200;

export const OVERLONG_PARAM_DETAIL = 'A path parameter is too long';

/**
 * Whether a path has a segment longer than the router takes. The router says so itself only when no other
 * route matches: with the built web app, its catch-all route takes the path first and must ask this.
 */
export function hasOverlongSegment(url: string): boolean {
  return (url.split('?')[0] ?? '')
    .split('/')
    .some((segment) => decoded(segment).length > MAX_PATH_PARAM_LENGTH);
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
