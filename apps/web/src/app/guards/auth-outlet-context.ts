import { createContext, useContext } from 'react';

/** What the guard tells the screens below it about the signed-in state. */
export interface AuthOutletContext {
  /**
   * Only /security is open: an admin without 2FA, or a sign-in holding only a temporary token
   * during forced enrolment.
   */
  restricted: boolean;
}

/** Given by the guard to the layout and the screens inside it. */
export const AuthOutletContext = createContext<AuthOutletContext>({ restricted: false });

export const useAuthOutletContext = (): AuthOutletContext => useContext(AuthOutletContext);
