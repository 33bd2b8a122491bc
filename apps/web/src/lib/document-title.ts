import { useEffect } from 'react';

export const APP_NAME = 'ReCell';

/** Sets the tab's title while a screen is shown (WCAG 2.4.2: each page says what it is). */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | ${APP_NAME}` : `${APP_NAME}: used phones, fairly sold`;
  }, [title]);
}
