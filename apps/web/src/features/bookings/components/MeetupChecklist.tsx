import * as styles from './Deal.css';

/** What the buyer checks at the meetup before giving the handover code. */
export function MeetupChecklist() {
  return (
    <>
      <h3>Before you give the code, check</h3>
      <ul className={styles.list}>
        <li>The IMEI matches what the phone shows when you dial *#06#.</li>
        <li>The condition matches the listing: screen, body, buttons, camera and charging.</li>
        <li>The phone is signed out of its cloud account (Apple ID or Google account).</li>
      </ul>
    </>
  );
}
