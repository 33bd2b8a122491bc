import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { Button } from '../Button/Button';
import { PasswordField } from '../PasswordField/PasswordField';
import { TextField } from '../TextField/TextField';
import { requiredOr } from '../Field/Field';
import { Form, FormActions } from './Form';

const meta = {
  title: 'Forms/Form',
  component: Form,
  args: { onSubmit: fn((event: React.FormEvent<HTMLFormElement>) => event.preventDefault()) },
  render: (args) => (
    <Form {...args} aria-label="Log in">
      <TextField
        name="email"
        type="email"
        label="Email"
        isRequired
        errorMessage={(v) =>
          v.validationDetails.valueMissing
            ? 'Email Address is required'
            : v.validationDetails.typeMismatch
              ? 'Enter an email address'
              : v.validationErrors.join(' ')
        }
      />
      <PasswordField
        name="password"
        label="Password"
        isRequired
        errorMessage={requiredOr('Password is required')}
        validate={(value) =>
          value.length > 0 && value.length < 6 ? 'Password must be 6 characters or longer' : null
        }
      />
      <FormActions>
        <Button type="submit">Log in</Button>
      </FormActions>
    </Form>
  ),
} satisfies Meta<typeof Form>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The spec's login messages, keyboard only: the first invalid field takes focus and reads its error. */
export const LoginByKeyboard: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const email = canvas.getByRole('textbox', { name: /Email/ });
    const password = canvas.getByLabelText(/Password/, { selector: 'input' });
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(email).toHaveFocus());
    await expect(email).toHaveAccessibleDescription('Email Address is required');
    await expect(password).toHaveAccessibleDescription('Password is required');
    await expect(args.onSubmit).not.toHaveBeenCalled();

    await userEvent.keyboard('buyer@recell.test');
    await userEvent.tab();
    await userEvent.keyboard('abc');
    // Tab past the show-password toggle to the submit button
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Log in' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(password).toHaveFocus());
    await expect(password).toHaveAccessibleDescription('Password must be 6 characters or longer');

    await userEvent.keyboard('def');
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledOnce();
  },
};

/** What the server said: a message for the form and one for a field. */
export const ServerErrors: Story = {
  args: {
    formError: 'Could not log in. Check your email and password.',
    validationErrors: { email: 'No account uses this email' },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Could not log in');
    await expect(canvas.getByRole('textbox', { name: /Email/ })).toHaveAccessibleDescription(
      'No account uses this email',
    );
  },
};
