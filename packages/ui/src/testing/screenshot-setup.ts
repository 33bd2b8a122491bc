// The screenshot project renders stories outside Storybook's test plugin, so it applies the preview itself.
import { setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../../.storybook/preview';

setProjectAnnotations([preview]);
