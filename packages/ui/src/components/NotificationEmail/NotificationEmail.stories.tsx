import {
  isOptionalEmail,
  messageDigestText,
  NOTIFICATION_ACTION,
  NOTIFICATION_PREFERENCE,
  notificationText,
  type NotificationKind,
  type NotificationSide,
  type ReportOutcome,
} from '@recell/api';
import { mobiles } from '@recell/api/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { formatMoney } from '../../format';
import { NotificationEmailBody, type EmailContent } from './NotificationEmail';

// Each email the server sends, drawn from the same template and the same words (@recell/api's notificationText),
// so designers see the mail. The mail's colours are its own: it is light whatever the app's theme.
const listing = mobiles[0]!;
const ORIGIN = 'https://recell.example';

/** The email one kind sends, as the server builds it (service.ts tellOne), for the demo listing. */
function mailOf(
  kind: NotificationKind,
  side: NotificationSide,
  link: string,
  extra: {
    who?: string;
    quote?: string;
    outcome?: ReportOutcome;
    reason?: string;
    lone?: 'author' | 'subject';
    noListing?: boolean;
  } = {},
): EmailContent {
  const optional = NOTIFICATION_PREFERENCE[kind];
  return {
    headline: notificationText(kind, side, {
      ...(extra.noListing ? {} : { title: listing.title }),
      who: extra.who,
      outcome: extra.outcome,
      reason: extra.reason,
      lone: extra.lone,
    }),
    ...(extra.quote ? { quote: extra.quote } : {}),
    ...(extra.noListing
      ? {}
      : {
          listing: {
            title: listing.title,
            picture: listing.picture,
            price: formatMoney({ dollars: listing.resale_price }),
          },
        }),
    action: { label: NOTIFICATION_ACTION[kind], url: `${ORIGIN}${link}` },
    ...(isOptionalEmail(optional)
      ? { unsubscribeUrl: `${ORIGIN}/unsubscribe?token=u-demo.${optional}.${'A'.repeat(43)}` }
      : {}),
    preferencesUrl: `${ORIGIN}/dashboard/notifications/settings`,
  };
}

const meta = {
  title: 'Email/Notification',
  component: NotificationEmailBody,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof NotificationEmailBody>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Each story: its words, its one button to the page where the next action is, and unsubscribe where it may. */
const story = (content: EmailContent): Story => ({
  args: { content },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(content.headline)).toBeVisible();
    await expect(canvas.getByRole('link', { name: content.action.label })).toHaveAttribute(
      'href',
      content.action.url,
    );
    const unsubscribe = canvas.queryByRole('link', { name: 'Unsubscribe from these emails' });
    if (content.unsubscribeUrl) {
      // the footer opens the web page (a click is a GET), never the POST-only one-click API
      await expect(unsubscribe).toHaveAttribute('href', content.unsubscribeUrl);
      await expect(content.unsubscribeUrl).not.toContain('/api/');
    } else await expect(unsubscribe).toBeNull();
  },
});

export const Booking = story(mailOf('booking', 'seller', '/dashboard/myBuyers', { who: 'Ayesha Khan' }));

/** What a person wrote is quoted as text: markup in it shows as written. */
export const Message = story(
  mailOf('message', 'seller', '/dashboard/messages/c-demo', {
    who: 'Ayesha Khan',
    quote: 'Is the battery above 85 %? <b>Boxed</b> & charger?',
  }),
);

/**
 * A message digest (service: notifications/digest.ts): one conversation's messages not read in the app, oldest
 * first, each with who wrote it, as text; a picture-only message says so.
 */
const digest: EmailContent = {
  ...mailOf('message', 'buyer', '/dashboard/messages/c-demo'),
  headline: messageDigestText(3, listing.title),
  messages: [
    { who: 'Rahim Uddin', text: 'Yes, it is unlocked.' },
    { who: 'Rahim Uddin', text: null },
    { who: 'Rahim Uddin', text: '<b>Boxed</b> & the charger too. Gulshan 2 at 5?' },
  ],
};
export const MessageDigest: Story = {
  ...story(digest),
  play: async (context) => {
    await story(digest).play?.(context);
    await expect(context.canvas.getAllByText('Rahim Uddin')).toHaveLength(3);
    await expect(context.canvas.getByText('Sent a picture')).toBeVisible();
    await expect(context.canvas.getByText('<b>Boxed</b> & the charger too. Gulshan 2 at 5?')).toBeVisible();
  },
};

export const CardHeld = story(mailOf('card_held', 'buyer', '/dashboard'));

export const HoldExpiring = story(mailOf('deal_expiring', 'seller', '/dashboard/myBuyers'));

export const HandoverCompleted = story(mailOf('handover_completed', 'buyer', '/dashboard'));

export const DealCancelled = story(mailOf('deal_cancelled', 'seller', '/dashboard/myBuyers'));

export const ListingRemoved = story(mailOf('listing_removed', 'seller', '/dashboard/myProduct'));

export const ReportResolved = story(mailOf('report_resolved', 'buyer', '/dashboard', { outcome: 'upheld' }));

/** About the account: no listing block. */
export const Verified = story(
  mailOf('seller_verified', 'seller', '/dashboard/myProduct', { noListing: true }),
);

/** The other party reviewed you: what they wrote stays hidden until you write yours (double-blind). */
export const ReviewReceived = story(
  mailOf('review_received', 'seller', '/dashboard/myBuyers', { who: 'Ayesha Khan' }),
);

export const ReviewPublished = story(mailOf('review_published', 'buyer', '/dashboard'));

/** The window closed with one review written: its author is told it is public... */
export const ReviewPublishedAlone = story(
  mailOf('review_published', 'seller', '/dashboard/myBuyers', { lone: 'author' }),
);

/** ...and so is the person it is about. */
export const ReviewOfYouPublished = story(
  mailOf('review_published', 'buyer', '/dashboard', { lone: 'subject' }),
);

/** An admin's reason is shown as they wrote it, as text. */
export const ReviewHidden = story(
  mailOf('review_hidden', 'buyer', '/dashboard', { reason: 'It named <i>a phone number</i>' }),
);
