/** Spec §7/§9: script and style chunks load lazily and give up after 120 seconds. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(
    message: string,
    readonly timedOut: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Wraps a dynamic import: a timeout or a failed fetch both surface as ChunkLoadError. */
export const loadChunk = <T>(importer: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = globalThis.setTimeout(
      () => reject(new ChunkLoadError(`Chunk load timed out after ${timeoutMs} ms`, true)),
      timeoutMs,
    );
    importer().then(
      (value) => {
        globalThis.clearTimeout(timer);
        resolve(value);
      },
      (cause: unknown) => {
        globalThis.clearTimeout(timer);
        reject(new ChunkLoadError('Chunk failed to load', false, { cause }));
      },
    );
  });

/** Vite and browsers word a failed dynamic import differently; recognise all of them. */
export const isChunkLoadError = (error: unknown): boolean => {
  if (error instanceof ChunkLoadError) return true;
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Failed to fetch|preload CSS/i.test(
    error.message,
  );
};

export const isChunkTimeout = (error: unknown): boolean => error instanceof ChunkLoadError && error.timedOut;
