// Long work in a request (a 5,000-row CSV checked and written) must let the server answer others meanwhile:
// a database call that completes at once resolves on the microtask queue, so a loop of them never lets the
// event loop reach other sockets. A breather yields to the event loop (setImmediate) once its slice is used.

/** Returns a function to await often; it yields to the event loop when `sliceMs` have passed since the last yield. */
export function breather(sliceMs = 5): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}
