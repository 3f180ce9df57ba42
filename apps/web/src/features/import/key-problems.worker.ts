import { problemsInText } from './key-review';

// Reads the line problems of a paste the server refused outright, off the page's main thread:
// each key-like fragment costs an ed25519 derivation in pure JavaScript, and a paste of thousands
// of damaged keys would otherwise freeze the page for a second or more.
globalThis.addEventListener('message', (event: MessageEvent<unknown>) => {
  const text = typeof event.data === 'string' ? event.data : '';
  globalThis.postMessage(problemsInText(text));
});
