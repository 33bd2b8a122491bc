import { Button } from '@recell/ui/Button';
import { useAuthActions } from '../features/auth/use-auth-actions';
import { useDocumentTitle } from '../lib/document-title';
import * as styles from './layout.css';

/** The spec's error page (§2): for unknown routes and for routes that fail. */
export function ErrorPage({ statusText, message }: { statusText?: string; message?: string }) {
  const { signOut } = useAuthActions();
  useDocumentTitle('Error');
  return (
    <section className={styles.errorPage} aria-labelledby="error-title">
      <h1 id="error-title">
        Error 404. Please <Button onPress={() => void signOut()}>Log Out</Button> and Sign In Back
      </h1>
      <p>Error: {statusText || message}</p>
    </section>
  );
}
