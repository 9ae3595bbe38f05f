/** Ctrl-C or SIGTERM for the operator commands: stop between two parts and clean up (a second Ctrl-C kills at once). */
let received: string | null = null;

/** The signal that stopped the command, or null while none has. */
export const stoppedBy = (): string | null => received;

export function stopOnSignal(name: string): AbortSignal {
  const abort = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      received = signal;
      console.error(`${name}: ${signal} received, stopping and cleaning up...`);
      abort.abort(new Error(`stopped by ${signal}`));
    });
  }
  return abort.signal;
}
