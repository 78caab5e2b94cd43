import { configureZodWithoutEval } from './public/zod-without-eval';

configureZodWithoutEval();

// Module Federation needs an async boundary before shared modules are used.
import('./bootstrap').catch((error: unknown) => {
  // Without this chunk (a lost connection, or a deploy that replaced it) nothing else can render, not even an error page.
  document.getElementById('root')!.textContent = 'Axal Practice could not be loaded. Please reload the page.';
  console.error(error);
});
