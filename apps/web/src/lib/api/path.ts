/** Path parameters of an endpoint (`/wps/game/:gameCode/launch`). */
export type PathParams = Record<string, string | number>;

/** An endpoint's path with its `:name` parameters filled in, each encoded. */
export const buildPath = (path: string, params?: PathParams): string =>
  path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
