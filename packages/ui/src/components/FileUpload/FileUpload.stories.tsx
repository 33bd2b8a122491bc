import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent as baseUserEvent, waitFor } from 'storybook/test';
import { FileUpload } from './FileUpload';

// picks files the way a drop would: the picker's accept filter does not hide a wrong type
const user = baseUserEvent.setup({ applyAccept: false });

function fileInput(canvasElement: HTMLElement): HTMLInputElement {
  return canvasElement.querySelector('input[type="file"]')!;
}

const meta = {
  title: 'Forms/FileUpload',
  component: FileUpload,
  args: { label: 'Picture', onFileChange: fn() },
} satisfies Meta<typeof FileUpload>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Choose a picture Picture' });
    await expect(button).toHaveAccessibleDescription(/JPEG, PNG or WebP, up to 5 MB/);
  },
};

export const PreviewAfterChoosing: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    const picture = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'phone.png', {
      type: 'image/png',
    });
    await user.upload(fileInput(canvasElement), picture);
    await expect(args.onFileChange).toHaveBeenCalledWith(picture);
    const preview = await canvas.findByRole('img', { name: 'Preview of phone.png' });
    await expect(preview.getAttribute('src')).toMatch(/^blob:/);
    await expect(canvas.getByRole('button', { name: 'Choose another picture Picture' })).toBeVisible();
  },
};

export const WrongType: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    const notes = new File(['%PDF-1.7'], 'notes.pdf', { type: 'application/pdf' });
    await user.upload(fileInput(canvasElement), notes);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Choose a JPEG, PNG or WebP picture');
    await expect(args.onFileChange).toHaveBeenCalledWith(null);
    await expect(canvas.getByRole('button', { name: /Choose a picture/ })).toHaveAccessibleDescription(
      /Choose a JPEG, PNG or WebP picture/,
    );
  },
};

export const TooLarge: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' });
    await user.upload(fileInput(canvasElement), big);
    await expect(canvas.getByRole('alert')).toHaveTextContent('The picture must be 5 MB or smaller');
    await expect(args.onFileChange).toHaveBeenCalledWith(null);
  },
};

export const Uploading: Story = {
  args: { progress: 40, currentUrl: '/uploads/seed/m-samsung-s21.svg' },
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: 'Uploading picture' });
    await expect(bar).toHaveAttribute('aria-valuenow', '40');
    const current = canvas.getByRole<HTMLImageElement>('img', { name: 'Current picture' });
    await waitFor(() => expect(current.naturalWidth).toBeGreaterThan(0));
  },
};

export const ServerError: Story = {
  args: { errorMessage: 'The picture must be 5 MB or smaller' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('5 MB or smaller');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Choose a picture/ })).toBeDisabled();
  },
};
