import {
  Button as AriaButton,
  composeRenderProps,
  type ButtonProps as AriaButtonProps,
} from 'react-aria-components';
import { Spinner } from '../Spinner/Spinner';
import { button, type ButtonVariants } from './Button.css';

export interface ButtonProps extends AriaButtonProps, ButtonVariants {
  /** Announced while `isPending` (the button stays focusable, presses are ignored). */
  pendingLabel?: string;
}

export function Button({
  variant,
  size,
  pendingLabel = 'Working',
  className,
  children,
  ...props
}: ButtonProps) {
  return (
    <AriaButton
      {...props}
      className={composeRenderProps(className, (custom) =>
        [button({ variant, size }), custom].filter(Boolean).join(' '),
      )}
    >
      {composeRenderProps(children, (content, { isPending }) => (
        <>
          {isPending && <Spinner label={pendingLabel} />}
          {content}
        </>
      ))}
    </AriaButton>
  );
}
