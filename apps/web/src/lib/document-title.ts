import { useEffect } from 'react';

export const APP_NAME = 'ReCell';

/** The tab's whole title for a page's own (`undefined`: the app's), as the app and the server's HTML write it. */
export const documentTitle = (title: string | undefined): string =>
  title ? `${title} | ${APP_NAME}` : `${APP_NAME}: used phones, fairly sold`;

/** Sets the tab's title while a screen is shown (WCAG 2.4.2: each page says what it is). */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
