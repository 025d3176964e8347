/** How the Applications widget shows an item: shared by its schema and its view. */
export const APPLICATIONS_DISPLAY_FORMATS = ['Icon', 'Text', 'IconAndText'] as const;
