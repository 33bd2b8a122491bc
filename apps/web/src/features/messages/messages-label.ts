/** The navbar's and the dashboard menu's link: "Messages", or "Messages (3 unread)" while some wait. */
export const messagesLabel = (unread: number) => (unread > 0 ? `Messages (${unread} unread)` : 'Messages');
