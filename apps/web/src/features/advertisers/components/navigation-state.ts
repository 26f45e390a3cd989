/** What create-ad and edit-ad hand to ads-status: the message to show there. */
export const adsStatusNotice = (notice: string) => ({ notice });

/** Where create-ad sends an advertiser without a card (SPEC §6). */
export const cardRequiredState = { cardRequired: true } as const;
