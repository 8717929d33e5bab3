/** clientType 3, platform html5-desktop (spec §9), sent with every game call like the original client. */
export const CLIENT = { clientType: 3, platform: 'html5-desktop' } as const;
