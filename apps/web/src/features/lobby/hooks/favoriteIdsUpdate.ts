/** Pure updates of the cached favourite id list (newest first), used optimistically. */
export const withFavorite = (ids: readonly number[] | undefined, id: number): number[] =>
  ids?.includes(id) ? [...ids] : [id, ...(ids ?? [])];

export const withoutFavorite = (ids: readonly number[] | undefined, id: number): number[] =>
  (ids ?? []).filter((x) => x !== id);
