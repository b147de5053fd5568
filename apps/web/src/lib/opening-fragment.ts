/*
 * The fragment the page was opened with, when it is not a route: the SSO hand-off's `#code=…` lands on
 * /login/sso (a fragment, so no server or proxy log sees the code). In hash mode (raw IP addresses) the
 * router needs the fragment for the route itself, so the code is kept here when the router takes the
 * fragment over.
 */
let kept: string | null = null;

export function keepOpeningFragment(hash: string): void {
  kept = hash;
}

/** The fragment kept when hash routing took the address over, else the address's own. */
export const openingFragment = (): string => kept ?? window.location.hash;

/** Once the page has used it (a one-time code), it is not read again. */
export function forgetOpeningFragment(): void {
  kept = null;
}
