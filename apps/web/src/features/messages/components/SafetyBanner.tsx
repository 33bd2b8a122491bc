import { SAFETY_ADVICE, SAFETY_FINDING_TEXT, type SafetyFinding } from '@recell/api';
import * as styles from './Messages.css';

/** "a phone number and a request to pay outside ReCell" */
function listed(findings: SafetyFinding[]): string {
  const words = findings.map((finding) => SAFETY_FINDING_TEXT[finding]);
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '');
}

/** Above a received message that carries what would take the deal off ReCell: what was found, and why it matters. */
export function SafetyBanner({ findings }: { findings: SafetyFinding[] }) {
  return (
    <div className={styles.banner} role="note" aria-label="Safety warning">
      <p className={styles.bannerText}>
        <strong>This message contains {listed(findings)}.</strong>
      </p>
      <p className={styles.bannerText}>{SAFETY_ADVICE}</p>
    </div>
  );
}
