import {
  isOptionalEmail,
  MESSAGE_EMAIL_CHOICES,
  type EmailPreference,
  type MessageEmail,
  type NotificationPreferences,
  type Role,
} from '@recell/api';
import { Checkbox } from '@recell/ui/Checkbox';
import { RadioGroup } from '@recell/ui/RadioGroup';
import { useId } from 'react';
import { Link } from 'wouter';
import { QueryState } from '../../../components/QueryState';
import { errorMessage, useToast } from '../../../lib/toast';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';
import { MESSAGE_EMAIL_LABEL, PREFERENCE_LABEL } from '../notifications-label';
import * as styles from './Notifications.css';

const ALWAYS_ON = 'Always on: these are about your money, your deal and your account.';

/** Messages come each at once, as a digest, or not by email: one choice of three, arrow keys move between them. */
function MessageEmailRow({ preferences }: { preferences: NotificationPreferences }) {
  const toast = useToast();
  const update = useUpdateNotificationPreferences();
  return (
    <li className={styles.preference}>
      <RadioGroup
        label={PREFERENCE_LABEL.message}
        value={preferences.messageEmail}
        isDisabled={update.isPending}
        options={MESSAGE_EMAIL_CHOICES.map((choice) => ({
          value: choice,
          label: MESSAGE_EMAIL_LABEL[choice],
        }))}
        onChange={(value) => {
          const messageEmail = value as MessageEmail;
          update.mutate(
            { messageEmail },
            {
              onSuccess: () =>
                toast.success(
                  `${PREFERENCE_LABEL.message}: ${MESSAGE_EMAIL_LABEL[messageEmail].toLowerCase()}`,
                ),
              onError: (error) => toast.error(errorMessage(error)),
            },
          );
        }}
      />
    </li>
  );
}

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

/** Only a seller's listings are booked: a buyer or an admin is not offered the choice. */
const offered = (preference: EmailPreference, role: Role) => preference !== 'booking' || role === 'seller';

/** /dashboard/notifications/settings: which kinds also come by email. The bell always shows every kind. */
export function NotificationSettingsPage({ role }: { role: Role }) {
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
            {(Object.keys(PREFERENCE_LABEL) as EmailPreference[])
              .filter((preference) => offered(preference, role))
              .map((preference) =>
                preference === 'message' ? (
                  <MessageEmailRow key={preference} preferences={preferences} />
                ) : (
                  <PreferenceRow key={preference} preference={preference} preferences={preferences} />
                ),
              )}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
