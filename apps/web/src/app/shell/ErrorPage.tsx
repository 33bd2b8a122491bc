import { Button } from '@recell/ui/Button';
import { ErrorState } from '@recell/ui/ErrorState';
import { LinkButton } from '@recell/ui/LinkButton';
import { useAuthActions } from '../../features/auth/use-auth-actions';
import { useSession } from '../../features/auth/use-session';
import { useDocumentTitle } from '../../lib/document-title';
import * as styles from './layout.css';

/**
 * The spec's error page (§2), for unknown routes and things not found. Only someone signed in gets the Log Out
 * button; a visitor reads the same words and is offered the way to sign in.
 */
export function ErrorPage({ statusText, message }: { statusText?: string; message?: string }) {
  const { signOut } = useAuthActions();
  const { status } = useSession();
  const signedIn = status === 'signed-in';
  useDocumentTitle('Error');
  return (
    <section className={styles.errorPage} aria-labelledby="error-title">
      <h1 id="error-title">
        Error 404. Please {signedIn ? <Button onPress={() => void signOut()}>Log Out</Button> : 'Log Out'} and
        Sign In Back
      </h1>
      <p>Error: {statusText || message}</p>
      <p className={styles.errorLinks}>
        <LinkButton href="/" variant={signedIn ? 'primary' : 'secondary'}>
          Go to the home page
        </LinkButton>
        {status === 'signed-out' ? <LinkButton href="/login">Sign in</LinkButton> : null}
      </p>
    </section>
  );
}

/**
 * A screen that failed (the server erred, the code crashed): not the 404 page, which would tell the person to
 * sign out for a fault that is not theirs. Try again renders the screen afresh; home is the way out.
 */
export function FailurePage({ message, onRetry }: { message: string; onRetry: () => void }) {
  useDocumentTitle('Something went wrong');
  return (
    <ErrorState
      headingLevel={1}
      title="Something went wrong"
      message={message}
      actions={
        <>
          <Button onPress={onRetry}>Try again</Button>
          <LinkButton href="/" variant="secondary">
            Go to the home page
          </LinkButton>
        </>
      }
    />
  );
}
