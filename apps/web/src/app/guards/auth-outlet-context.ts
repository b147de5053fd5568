import { useOutletContext } from '../../lib/router/index.ts';

/** What the guard tells the screens below it about the signed-in state. */
export interface AuthOutletContext {
  /**
   * Only /security is open: an admin without 2FA, or a sign-in holding only a temporary token
   * during forced enrolment.
   */
  restricted: boolean;
}

export const useAuthOutletContext = (): AuthOutletContext => useOutletContext<AuthOutletContext>();
