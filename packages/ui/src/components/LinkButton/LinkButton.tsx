import { composeRenderProps, Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';
import { button, type ButtonVariants } from '../Button/Button.css';

export interface LinkButtonProps extends AriaLinkProps, ButtonVariants {}

/**
 * A link that looks like a Button: for a call to action that goes somewhere (Log In, See Products, Pay) rather than
 * does something. It stays a link for assistive technology and navigates through react-aria's RouterProvider, so
 * the app's router handles it without a page load.
 */
export function LinkButton({ variant, size, className, ...props }: LinkButtonProps) {
  return (
    <AriaLink
      {...props}
      className={composeRenderProps(className, (custom) =>
        [button({ variant, size }), custom].filter(Boolean).join(' '),
      )}
    />
  );
}
