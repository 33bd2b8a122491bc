/** When something happened (a message sent, a notification), short: "25 Nov, 18:04" in the reader's locale. */
export const sentAt = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
