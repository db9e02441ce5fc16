export { FormRenderer } from './FormRenderer.tsx';
export * from './formRendererTypes.ts';
export { PromptDialog } from './PromptDialog.tsx';
export { sanitizeHtml } from './sanitizeHtml.ts';
