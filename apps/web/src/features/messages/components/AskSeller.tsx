import { Button } from '@recell/ui/Button';
import { LinkButton } from '@recell/ui/LinkButton';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ModalDialog } from '../../../components/ModalDialog';
import { useConversationAbout } from '../api/list-conversations';
import { useStartConversation } from '../api/start-conversation';
import { Composer } from './Composer';

/**
 * "Ask the seller" on a listing (signed-in non-sellers): the conversation there already is, or a message box
 * that starts it and then opens the thread.
 */
export function AskSeller({ mobileId, title }: { mobileId: string; title: string }) {
  const existing = useConversationAbout(mobileId, true);
  const start = useStartConversation();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const conversation = existing.data?.items[0];
  if (conversation)
    return (
      <LinkButton variant="secondary" href={`/dashboard/messages/${conversation._id}`}>
        {conversation.unread > 0 ? `Messages (${conversation.unread} new)` : 'Open your messages'}
      </LinkButton>
    );
  return (
    <>
      <Button variant="secondary" isDisabled={existing.isPending} onPress={() => setOpen(true)}>
        Ask the seller
      </Button>
      {open ? (
        <ModalDialog title={`Ask about ${title}`} onClose={() => setOpen(false)}>
          <Composer
            label="Your question"
            pending={start.isPending}
            onSend={(content) =>
              start.mutateAsync({ mobileId, ...content }).then((started) => {
                setOpen(false);
                navigate(`/dashboard/messages/${started._id}`);
              })
            }
          />
        </ModalDialog>
      ) : null}
    </>
  );
}
