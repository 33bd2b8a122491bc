/**
 * After a dialog whose action removed the control that opened it (a deleted row, a completed deal): focus goes
 * to the first heading in `container`, once the dialog has handed focus back (a frame after it closes) to a
 * button that is no longer there. Without this a keyboard user is left on the page's body.
 */
export function focusHeadingAfterDialog(container: HTMLElement | null): void {
  requestAnimationFrame(() =>
    requestAnimationFrame(() => container?.querySelector<HTMLElement>('h1')?.focus()),
  );
}
