import { composeRenderProps, Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';
import { link } from './Link.css';

export interface LinkProps extends AriaLinkProps {
  variant?: 'inline' | 'nav';
}

/** A link; works with any router through react-aria's RouterProvider. */
export function Link({ variant, className, ...props }: LinkProps) {
  return (
    <AriaLink
      {...props}
      className={composeRenderProps(className, (custom) =>
        [link({ variant }), custom].filter(Boolean).join(' '),
      )}
    />
  );
}
