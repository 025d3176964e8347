/** The Time widget's preset formats: shared by its schema and its view. */
export const TIME_FORMATS = ['TwelveHour', 'TwelveHourWithoutSeconds', 'TwentyFourHour', 'TwentyFourHourWithoutSeconds', 'BinaryCircle', 'BinaryRectangle'] as const;
