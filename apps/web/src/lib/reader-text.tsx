// Text that depends on the reader's clock or time zone ("checked 3 hours ago", a local date and time). A page
// the server drew (a listing's frame) has it by the server's clock and zone; where the app adopts that frame
// instead of redrawing it (main.tsx), the text is left as drawn for that first render and then redrawn as the
// reader's, so adopting never fails on it.
import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

export function ReaderText({ text }: { text: () => string }) {
  // true on the server and while React adopts the server's frame; false in any render of the app's own
  const drawnElsewhere = useSyncExternalStore(
    unchanging,
    () => false,
    () => true,
  );
  // a new span once the page is the reader's: React does not patch text it was told to leave as drawn
  return (
    <span key={drawnElsewhere ? 'drawn' : 'reader'} suppressHydrationWarning>
      {text()}
    </span>
  );
}
