import { isOptionalEmail, type EmailPreference, type NotificationPreferences } from '@recell/api';
import { Checkbox } from '@recell/ui/Checkbox';
import { useId } from 'react';
import { Link } from 'wouter';
import { QueryState } from '../../../components/QueryState';
import { errorMessage, useToast } from '../../../lib/toast';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';
import * as styles from './Notifications.css';

/** What each preference covers, in the settings' words (the contract's NotificationPreferences). */
const PREFERENCE_LABEL: Record<EmailPreference, string> = {
  message: 'New questions and messages',
  booking: 'A booking of your listing',
  deal: "Card held, handover completed, deal cancelled, declined or expired, and your deals' reviews",
};

const ALWAYS_ON = 'Always on: these are about your money and your deal.';

function PreferenceRow({
  preference,
  preferences,
}: {
  preference: EmailPreference;
  preferences: NotificationPreferences;
}) {
  const toast = useToast();
  const update = useUpdateNotificationPreferences();
  const reasonId = useId();
  const optional = isOptionalEmail(preference);
  return (
    <li className={styles.preference}>
      <Checkbox
        isSelected={preferences[preference]}
        // the deal's email stays on (the contract's `deal: const true`): shown on, and why it cannot be turned off
        isDisabled={!optional || update.isPending}
        aria-describedby={optional ? undefined : reasonId}
        onChange={(on) => {
          if (optional)
            update.mutate(
              { [preference]: on },
              {
                onSuccess: () => toast.success(`${PREFERENCE_LABEL[preference]}: email ${on ? 'on' : 'off'}`),
                onError: (error) => toast.error(errorMessage(error)),
              },
            );
        }}
      >
        {PREFERENCE_LABEL[preference]}
      </Checkbox>
      {optional ? null : (
        <p id={reasonId} className={styles.muted}>
          {ALWAYS_ON}
        </p>
      )}
    </li>
  );
}

/** /dashboard/notifications/settings: which kinds also come by email. The bell always shows every kind. */
export function NotificationSettingsPage() {
  const query = useNotificationPreferences();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h1 id={titleId}>Notification settings</h1>
      <p className={styles.muted}>
        Every notification shows under the bell. Choose which also come by email.{' '}
        <Link href="/dashboard/notifications">Back to notifications</Link>
      </p>
      <QueryState query={query} label="your email settings" skeleton="rows">
        {(preferences) => (
          <ul className={styles.preferences} aria-label="Email me about">
            {(Object.keys(PREFERENCE_LABEL) as EmailPreference[]).map((preference) => (
              <PreferenceRow key={preference} preference={preference} preferences={preferences} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
