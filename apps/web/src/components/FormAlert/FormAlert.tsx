import { errorText } from '../styles.css';

/** A form's failure, in red under it, announced at once. Renders nothing without a message. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  return message ? (
    <p role="alert" className={errorText}>
      {message}
    </p>
  ) : null;
}
