// /dashboard/messages and its threads: the messages feature's screens, for who is signed in; and the thread a
// message report names, for admins.
import { InboxPage } from '../../features/messages/components/InboxPage';
import { ReportedConversationPage } from '../../features/messages/components/ReportedConversationPage';
import { ThreadPage } from '../../features/messages/components/ThreadPage';
import { WriteToBuyerPage } from '../../features/messages/components/WriteToBuyerPage';
import { ConversationOffer } from '../../features/offers/components/ConversationOffer';
import type { SignedInScreenProps } from '../shell/screen';

export function InboxScreen() {
  return <InboxPage />;
}

export function ThreadScreen({ params: { id = '' } }: SignedInScreenProps) {
  return (
    <ThreadPage
      key={id}
      id={id}
      renderAside={(conversation) => (
        <ConversationOffer
          conversationId={conversation._id}
          mobileId={conversation.mobileId}
          side={conversation.you}
        />
      )}
    />
  );
}

export function WriteToBuyerScreen({ params: { bookingId = '' } }: SignedInScreenProps) {
  return <WriteToBuyerPage bookingId={bookingId} />;
}

export function ReportedConversationScreen({ params: { id = '' } }: SignedInScreenProps) {
  return <ReportedConversationPage key={id} reportId={id} />;
}
