// SPEC §7: "A request with a unique id aborts the earlier request with the same id" — e.g. a
// search box where only the answer to the latest keystroke matters.

export interface RequestRegistry {
  /**
   * Aborts the still-running request registered under `id` (if any) and registers `abort` in its
   * place. Call the returned function when the request ends.
   */
  claim(id: string, abort: () => void): () => void;
}

export function createRequestRegistry(): RequestRegistry {
  const running = new Map<string, () => void>();
  return {
    claim(id, abort) {
      const earlier = running.get(id);
      running.set(id, abort);
      earlier?.();
      return () => {
        // A superseded request ends after its successor has claimed the id; it must not release it.
        if (running.get(id) === abort) running.delete(id);
      };
    },
  };
}
