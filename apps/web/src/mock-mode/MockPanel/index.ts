export { MockPanel, type MockControls } from './MockPanel';
