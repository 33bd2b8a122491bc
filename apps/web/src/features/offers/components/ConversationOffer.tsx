import { useOffers, type OfferSide } from '../api/list-offers';
import { OfferCard } from './OfferCard';

/**
 * The open offer between this buyer and seller on the conversation's listing, above the messages, with the same
 * actions as in the Offers tabs. Nothing while there is none.
 */
export function ConversationOffer({
  conversationId,
  mobileId,
  side,
}: {
  conversationId: string;
  mobileId: string;
  side: OfferSide;
}) {
  const offers = useOffers({ as: side, mobileId, open: true });
  const offer = offers.data?.items.find((candidate) => candidate.conversationId === conversationId);
  return offer ? <OfferCard offer={offer} side={side} headingLevel={2} /> : null;
}
