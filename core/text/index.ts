export { codePointLabel, showControls, showFormatChars } from './visible.js';
