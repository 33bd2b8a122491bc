// What the router hands a route's screen: the path's parameters, and on a signed-in route the session.
import type { Session } from '../../features/auth/atoms';

export interface ScreenProps {
  /** The path's parameters (`:id`). */
  params: Readonly<Record<string, string | undefined>>;
}

/** A signed-in route's screen: rendered only while the session is there (it goes at sign-out). */
export interface SignedInScreenProps extends ScreenProps {
  session: Session;
}
